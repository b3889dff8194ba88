import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { EventImageField } from '#app/components/admin/event-image-field.tsx'
import { describedBy, FormField } from '#app/components/admin/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { eventSchema } from '#app/domain/event/event.schema.ts'
import type { SchoolEvent } from '#app/domain/event/event.ts'
import { useSite } from '#app/lib/use-site.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'

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
    >
      {(errors) => (
        <>
          <FormField id="title" label="Title" error={errors.title}>
            <Input id="title" name="title" defaultValue={event?.title} aria-invalid={!!errors.title} aria-describedby={describedBy('title', errors.title)} />
          </FormField>
          <FormField id="description" label="Description (optional)" error={errors.description}>
            <Textarea
              id="description"
              name="description"
              rows={4}
              defaultValue={event?.description ?? ''}
              aria-invalid={!!errors.description}
              aria-describedby={describedBy('description', errors.description)}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="startDate" label="Start Date" error={errors.startDate}>
              <Input
                id="startDate"
                name="startDate"
                type="datetime-local"
                defaultValue={event ? utcToZonedTime(event.startDate, timeZone) : undefined}
                aria-invalid={!!errors.startDate}
                aria-describedby={describedBy('startDate', errors.startDate)}
              />
            </FormField>
            <FormField id="endDate" label="End Date (optional)" error={errors.endDate}>
              <Input
                id="endDate"
                name="endDate"
                type="datetime-local"
                defaultValue={event?.endDate ? utcToZonedTime(event.endDate, timeZone) : undefined}
                aria-invalid={!!errors.endDate}
                aria-describedby={describedBy('endDate', errors.endDate)}
              />
            </FormField>
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
