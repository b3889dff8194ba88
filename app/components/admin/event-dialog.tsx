import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { EventImageField } from '#app/components/admin/event-image-field.tsx'
import { Field, TextareaField } from '#app/components/forms/field.tsx'
import { eventSchema } from '#app/domain/event/event.schema.ts'
import type { SchoolEvent } from '#app/domain/event/event.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'
import { draftableLabels, PublishingButtons } from '#app/components/admin/publishing-controls.tsx'

/** Add (no event) or edit an event; dates are typed on the school's clocks. */
export function EventDialog({ event, onClose }: { event: SchoolEvent | null; onClose: () => void }) {
  const { timeZone } = useSite()
  return (
    <AdminFormDialog
      title={event ? 'Edit Event' : 'Add Event'}
      description="Title, dates and an optional description and image."
      schema={eventSchema}
      editingId={event?.id ?? null}
      onClose={onClose}
      multipart
      submitButtons={(saving) => <PublishingButtons labels={draftableLabels(event)} saving={saving} />}
    >
      {({ errors }) => (
        <>
          <Field id="title" name="title" label="Title" defaultValue={event?.title} error={errors.title} />
          <TextareaField id="description" name="description" label="Description (optional)" rows={4} defaultValue={event?.description ?? ''} error={errors.description} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="startDate"
              name="startDate"
              label="Start Date"
              type="datetime-local"
              defaultValue={event ? utcToZonedTime(event.startDate, timeZone) : undefined}
              error={errors.startDate}
            />
            <Field
              id="endDate"
              name="endDate"
              label="End Date (optional)"
              type="datetime-local"
              defaultValue={event?.endDate ? utcToZonedTime(event.endDate, timeZone) : undefined}
              error={errors.endDate}
            />
          </div>
          <p className="text-xs text-muted-foreground">
            Times are the school's ({timeZone}). A start at 12:00 AM shows the date only, as an all-day event.
          </p>
          <EventImageField defaultUrl={event?.imageUrl ?? null} error={errors.imageFile ?? errors.imageUrl} />
        </>
      )}
    </AdminFormDialog>
  )
}
