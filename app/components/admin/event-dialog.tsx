import { useState } from 'react'
import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { EventImageField } from '#app/components/admin/event-image-field.tsx'
import { EventRecurrenceFields } from '#app/components/admin/event-recurrence-fields.tsx'
import { SelectField, SwitchField } from '#app/components/forms/choice-fields.tsx'
import { Field, TextareaField } from '#app/components/forms/field.tsx'
import { NO_CATEGORY, eventSchema } from '#app/domain/event/event.schema.ts'
import type { EventCategory } from '#app/domain/event/event-category.ts'
import type { SchoolEvent } from '#app/domain/event/event.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'
import { draftableLabels, PublishingButtons } from '#app/components/admin/publishing-controls.tsx'

/** The value a date or date-and-time input shows for a stored instant. */
function inputValue(iso: string | null | undefined, allDay: boolean, timeZone: string) {
  if (!iso) return undefined
  const wall = utcToZonedTime(iso, timeZone)
  return allDay ? wall.slice(0, 10) : wall
}

/**
 * Add (no event) or edit an event; dates are typed on the school's clocks.
 * 'All day' turns the times into dates (the end date, optional, is the last day).
 */
export function EventDialog({ event, categories, onClose }: { event: SchoolEvent | null; categories: readonly EventCategory[]; onClose: () => void }) {
  const { timeZone } = useSite()
  const [allDay, setAllDay] = useState(event?.allDay ?? false)
  return (
    <AdminFormDialog
      title={event ? 'Edit Event' : 'Add Event'}
      description="Title, dates and an optional place, category, repeat, description and image."
      schema={eventSchema}
      editingId={event?.id ?? null}
      onClose={onClose}
      multipart
      submitButtons={(saving) => <PublishingButtons labels={draftableLabels(event)} saving={saving} />}
    >
      {({ errors, revalidate }) => (
        <>
          <Field id="title" name="title" label="Title" defaultValue={event?.title} error={errors.title} />
          <TextareaField id="description" name="description" label="Description (optional)" rows={4} defaultValue={event?.description ?? ''} error={errors.description} />
          <SwitchField
            id="allDay"
            name="allDay"
            label="All day"
            description="Dates without times: the event keeps its dates in every time zone."
            checked={allDay}
            onCheckedChange={(checked) => {
              setAllDay(checked)
              revalidate()
            }}
          />
          {/* Switching remounts the inputs with the other kind of value. */}
          <div key={allDay ? 'dates' : 'times'} className="grid gap-4 sm:grid-cols-2">
            <Field
              id="startDate"
              name="startDate"
              label="Start Date"
              type={allDay ? 'date' : 'datetime-local'}
              defaultValue={inputValue(event?.startDate, allDay, timeZone)}
              error={errors.startDate}
            />
            <Field
              id="endDate"
              name="endDate"
              label={allDay ? 'End Date (optional, the last day)' : 'End Date (optional)'}
              type={allDay ? 'date' : 'datetime-local'}
              defaultValue={inputValue(event?.endDate, allDay, timeZone)}
              error={errors.endDate}
            />
          </div>
          <p className="text-xs text-muted-foreground">Times are the school's ({timeZone}).</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="location" name="location" label="Location (optional)" defaultValue={event?.location ?? ''} error={errors.location} />
            <Field id="mapUrl" name="mapUrl" label="Map link (optional)" type="url" inputMode="url" placeholder="https://…" defaultValue={event?.mapUrl ?? ''} error={errors.mapUrl} />
          </div>
          <SelectField
            id="categoryId"
            name="categoryId"
            label="Category"
            options={[{ value: NO_CATEGORY, label: 'No category' }, ...categories.map((category) => ({ value: category.id, label: category.name }))]}
            defaultValue={event?.category?.id ?? NO_CATEGORY}
            error={errors.categoryId}
            description={categories.length === 0 ? 'Admins add categories in the Categories card on this page.' : undefined}
          />
          <EventRecurrenceFields recurrence={event?.recurrence ?? null} exceptions={event?.exceptions ?? []} errors={errors} onChange={() => revalidate()} />
          <EventImageField defaultUrl={event?.imageUrl ?? null} error={errors.imageFile ?? errors.imageUrl} />
        </>
      )}
    </AdminFormDialog>
  )
}
