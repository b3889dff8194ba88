import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { AdminListPage, ItemActions, type ItemControls } from '#app/components/admin/admin-list-page.tsx'
import { describedBy, FormField } from '#app/components/admin/form-field.tsx'
import { StarPicker } from '#app/components/admin/star-picker.tsx'
import { StarRating } from '#app/components/home/star-rating.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import {
  DEFAULT_RATING,
  TESTIMONIAL_MESSAGES,
  testimonialActionSchema,
  testimonialSchema,
} from '#app/domain/testimonial/testimonial.schema.ts'
import {
  createTestimonial,
  deleteTestimonial,
  listTestimonials,
  updateTestimonial,
  type Testimonial,
} from '#app/domain/testimonial/testimonial.server.ts'
import { parseForm, refused, succeeded } from '#app/lib/action.server.ts'
import { requireStaff } from '#app/lib/permissions.server.ts'
import type { Route } from './+types/testimonials.ts'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  return { testimonials: await listTestimonials() }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  const parsed = await parseForm(testimonialActionSchema, request)
  if (!parsed.ok) return parsed.response
  const submission = parsed.data
  switch (submission.intent) {
    case 'create':
      await createTestimonial(submission)
      return succeeded(TESTIMONIAL_MESSAGES.created)
    case 'update':
      if (!(await updateTestimonial(submission.id, submission))) return refused(TESTIMONIAL_MESSAGES.notFound, 404)
      return succeeded(TESTIMONIAL_MESSAGES.updated)
    case 'delete':
      if (!(await deleteTestimonial(submission.id))) return refused(TESTIMONIAL_MESSAGES.notFound, 404)
      return succeeded(TESTIMONIAL_MESSAGES.deleted)
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Testimonials | Admin Panel' }]

export default function TestimonialsAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Testimonials"
      description="What parents say, shown three newest first on the home page."
      addLabel="Add Testimonial"
      emptyText="No testimonials yet."
      items={loaderData.testimonials}
      renderItem={(testimonial, controls) => <TestimonialCard testimonial={testimonial} controls={controls} />}
      renderDialog={(testimonial, close) => <TestimonialDialog testimonial={testimonial} onClose={close} />}
    />
  )
}

function TestimonialCard({ testimonial, controls }: { testimonial: Testimonial; controls: ItemControls }) {
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-3">
        <div className="flex items-start justify-between gap-2">
          <div className="space-y-1">
            <h2 className="font-semibold">{testimonial.parentName}</h2>
            <StarRating rating={testimonial.rating} />
          </div>
          <ItemActions name={`${testimonial.parentName}'s testimonial`} confirmQuestion={TESTIMONIAL_MESSAGES.confirmDelete} controls={controls} />
        </div>
        <p className="text-sm whitespace-pre-line text-muted-foreground">{testimonial.message}</p>
      </CardContent>
    </Card>
  )
}

function TestimonialDialog({ testimonial, onClose }: { testimonial: Testimonial | null; onClose: () => void }) {
  return (
    <AdminFormDialog
      title={testimonial ? 'Edit Testimonial' : 'Add Testimonial'}
      description="Parent name, message and a rating from 1 to 5 stars."
      schema={testimonialSchema}
      editingId={testimonial?.id ?? null}
      onClose={onClose}
    >
      {(errors) => (
        <>
          <FormField id="parentName" label="Parent Name" error={errors.parentName}>
            <Input id="parentName" name="parentName" defaultValue={testimonial?.parentName} aria-invalid={!!errors.parentName} aria-describedby={describedBy('parentName', errors.parentName)} />
          </FormField>
          <FormField id="message" label="Message" error={errors.message}>
            <Textarea id="message" name="message" rows={5} defaultValue={testimonial?.message} aria-invalid={!!errors.message} aria-describedby={describedBy('message', errors.message)} />
          </FormField>
          <StarPicker name="rating" label="Rating" defaultValue={testimonial?.rating ?? DEFAULT_RATING} />
        </>
      )}
    </AdminFormDialog>
  )
}
