import { Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { z } from 'zod'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { BulkToolbar, SelectRow, useBulkSelection } from '#app/components/admin/bulk-selection.tsx'
import { ListPager } from '#app/components/admin/list-pager.tsx'
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
import { deleteTestimonials, listTestimonialsForAdmin } from '#app/domain/testimonial/testimonial-admin-list.server.ts'
import type { Testimonial } from '#app/domain/testimonial/testimonial.ts'
import { answerAction, postedForm, textFields, validated } from '#app/lib/action.server.ts'
import { bulkFormFields } from '#app/lib/list-page.server.ts'
import { bulkIds, readListParams } from '#app/lib/list-params.ts'
import { listNoMatchText } from '#app/lib/list-search.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/testimonials.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const { search, page } = readListParams(request.url)
  return { ...(await listTestimonialsForAdmin({ search, page })), search }
}

const bulkDeleteSchema = z.object({ intent: z.literal('delete-selected'), ids: bulkIds })

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  return answerAction(async () => {
    const form = await postedForm(request)
    if (form.get('intent') === 'delete-selected') {
      const { ids } = validated(bulkDeleteSchema, bulkFormFields(form))
      return TESTIMONIAL_MESSAGES.deletedMany(await deleteTestimonials(ids))
    }
    const submission = validated(testimonialActionSchema, textFields(form))
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
  const { testimonials, pages, search } = loaderData
  const selection = useBulkSelection(testimonials.map((testimonial) => testimonial.id))
  return (
    <AdminListPage
      title="Testimonials"
      description="What parents say, shown three newest first on the home page."
      addLabel="Add Testimonial"
      emptyText={search ? listNoMatchText('testimonials', search) : TESTIMONIAL_MESSAGES.none}
      items={testimonials}
      renderItem={(testimonial, controls) => (
        <TestimonialCard
          testimonial={testimonial}
          controls={controls}
          select={<SelectRow selection={selection} id={testimonial.id} label={`Select ${testimonial.parentName}'s testimonial`} />}
        />
      )}
      renderDialog={(testimonial, close) => <TestimonialDialog testimonial={testimonial} onClose={close} />}
      aboveItems={<BulkToolbar selection={selection} thing="testimonial" actions={[{ intent: 'delete-selected', label: 'Delete', icon: <Trash2 aria-hidden />, destructive: true }]} />}
      belowItems={<ListPager pages={pages} thing="testimonial" />}
    >
      <AdminListSearch label="Search by parent name or message" query={search} />
    </AdminListPage>
  )
}

function TestimonialCard({ testimonial, controls, select }: { testimonial: Testimonial; controls: ItemControls; select: ReactNode }) {
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-3">
        <div className="flex items-start justify-between gap-2">
          <div className="flex min-w-0 items-start gap-3">
            {select}
            <div className="min-w-0 space-y-1">
              <h2 className="font-semibold break-words">{testimonial.parentName}</h2>
              <StarRating rating={testimonial.rating} />
            </div>
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
