import { Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { describedBy, FormField } from '#app/components/admin/form-field.tsx'
import { StarPicker } from '#app/components/admin/star-picker.tsx'
import { StarRating } from '#app/components/home/star-rating.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
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
import type { ActionResult } from '#app/lib/action-result.ts'
import { formValues, parseSubmission, refused, succeeded } from '#app/lib/action.server.ts'
import { requireStaff } from '#app/lib/permissions.server.ts'
import { useActionToast } from '#app/lib/use-action-toast.ts'
import { useClientValidation } from '#app/lib/use-client-validation.ts'
import type { Route } from './+types/testimonials.ts'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  return { testimonials: await listTestimonials() }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  const parsed = parseSubmission(testimonialActionSchema, await formValues(request))
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

type Editing = Testimonial | 'new' | null

export default function TestimonialsAdmin({ loaderData }: Route.ComponentProps) {
  const { testimonials } = loaderData
  const [editing, setEditing] = useState<Editing>(null)
  // One fetcher for deletes, owned by the list: a deleted card unmounts before it could announce itself.
  const remover = useFetcher<ActionResult>()
  useActionToast(remover)
  const deletingId = remover.state === 'idle' ? null : remover.formData?.get('id')
  return (
    <>
      <AdminPageHeader
        title="Testimonials"
        description="What parents say, shown three newest first on the home page."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            Add Testimonial
          </Button>
        }
      />
      {testimonials.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">No testimonials yet.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialCard
                testimonial={testimonial}
                onEdit={() => setEditing(testimonial)}
                deleting={deletingId === testimonial.id}
                onDelete={() => void remover.submit({ intent: 'delete', id: testimonial.id }, { method: 'post' })}
              />
            </li>
          ))}
        </ul>
      )}
      {editing ? <TestimonialDialog testimonial={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  )
}

interface TestimonialCardProps {
  testimonial: Testimonial
  onEdit: () => void
  onDelete: () => void
  deleting: boolean
}

function TestimonialCard({ testimonial, onEdit, onDelete, deleting }: TestimonialCardProps) {
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-3">
        <div className="flex items-start justify-between gap-2">
          <div className="space-y-1">
            <h2 className="font-semibold">{testimonial.parentName}</h2>
            <StarRating rating={testimonial.rating} />
          </div>
          <div className="flex shrink-0">
            <Button variant="ghost" size="icon" aria-label={`Edit ${testimonial.parentName}'s testimonial`} onClick={onEdit}>
              <Pencil aria-hidden />
            </Button>
            <ConfirmDelete
              label={`Delete ${testimonial.parentName}'s testimonial`}
              question={TESTIMONIAL_MESSAGES.confirmDelete}
              pending={deleting}
              onConfirm={onDelete}
            />
          </div>
        </div>
        <p className="text-sm text-muted-foreground">{testimonial.message}</p>
      </CardContent>
    </Card>
  )
}

function TestimonialDialog({ testimonial, onClose }: { testimonial: Testimonial | null; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher, onClose)
  const validation = useClientValidation(testimonialSchema)
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {}
  const errors = { ...serverErrors, ...validation.errors }
  const saving = fetcher.state !== 'idle'

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{testimonial ? 'Edit Testimonial' : 'Add Testimonial'}</DialogTitle>
          <DialogDescription>Parent name, message and a rating from 1 to 5 stars.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" noValidate onSubmit={validation.onSubmit} onChange={validation.onChange} className="space-y-4">
          <input type="hidden" name="intent" value={testimonial ? 'update' : 'create'} />
          {testimonial ? <input type="hidden" name="id" value={testimonial.id} /> : null}
          <FormField id="parentName" label="Parent Name" error={errors.parentName}>
            <Input id="parentName" name="parentName" defaultValue={testimonial?.parentName} aria-invalid={!!errors.parentName} aria-describedby={describedBy('parentName', errors.parentName)} />
          </FormField>
          <FormField id="message" label="Message" error={errors.message}>
            <Textarea id="message" name="message" rows={5} defaultValue={testimonial?.message} aria-invalid={!!errors.message} aria-describedby={describedBy('message', errors.message)} />
          </FormField>
          <StarPicker name="rating" label="Rating" defaultValue={testimonial?.rating ?? DEFAULT_RATING} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
