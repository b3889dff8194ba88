import { useFetcher } from 'react-router'
import { EventImageField } from '#app/components/admin/event-image-field.tsx'
import { describedBy, FormField } from '#app/components/admin/form-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { eventSchema } from '#app/domain/event/event.schema.ts'
import type { SchoolEvent } from '#app/domain/event/event.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { useActionToast } from '#app/lib/use-action-toast.ts'
import { useClientValidation } from '#app/lib/use-client-validation.ts'
import { useSite } from '#app/lib/use-site.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'

/** Add (no event) or edit an event; dates are typed on the school's clocks. */
export function EventDialog({ event, onClose }: { event: SchoolEvent | null; onClose: () => void }) {
  const { timeZone } = useSite()
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher, onClose)
  const validation = useClientValidation(eventSchema)
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {}
  const errors = { ...serverErrors, ...validation.errors }
  const saving = fetcher.state !== 'idle'

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{event ? 'Edit Event' : 'Add Event'}</DialogTitle>
          <DialogDescription>Title, dates and an optional description and image.</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          encType="multipart/form-data"
          noValidate
          onSubmit={validation.onSubmit}
          onChange={validation.onChange}
          className="space-y-4"
        >
          <input type="hidden" name="intent" value={event ? 'update' : 'create'} />
          {event ? <input type="hidden" name="id" value={event.id} /> : null}
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
