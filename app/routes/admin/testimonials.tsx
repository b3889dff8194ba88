import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { AdminListPage, ItemActions, type ItemControls } from '#app/components/admin/admin-list-page.tsx'
import { StarPicker } from '#app/components/admin/star-picker.tsx'
import { Field, TextareaField } from '#app/components/forms/field.tsx'
import { StarRating } from '#app/components/home/star-rating.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import {
  DEFAULT_RATING,
  TESTIMONIAL_MESSAGES,
  testimonialActionSchema,
  testimonialSchema,
} from '#app/domain/testimonial/testimonial.schema.ts'
import { createTestimonial, deleteTestimonial, updateTestimonial } from '#app/domain/testimonial/testimonial-admin.server.ts'
import { listTestimonials, type Testimonial } from '#app/domain/testimonial/testimonial.server.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/testimonials.ts'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  return { testimonials: await listTestimonials() }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  return answerAction(async () => {
    const submission = await validatedForm(testimonialActionSchema, request)
    switch (submission.intent) {
      case 'create':
        await createTestimonial(submission)
        return TESTIMONIAL_MESSAGES.created
      case 'update':
        await updateTestimonial(submission.id, submission)
        return TESTIMONIAL_MESSAGES.updated
      case 'delete':
        await deleteTestimonial(submission.id)
        return TESTIMONIAL_MESSAGES.deleted
    }
  })
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
      {({ errors }) => (
        <>
          <Field id="parentName" name="parentName" label="Parent Name" defaultValue={testimonial?.parentName} error={errors.parentName} />
          <TextareaField id="message" name="message" label="Message" rows={5} defaultValue={testimonial?.message} error={errors.message} />
          <StarPicker name="rating" label="Rating" defaultValue={testimonial?.rating ?? DEFAULT_RATING} />
        </>
      )}
    </AdminFormDialog>
  )
}
