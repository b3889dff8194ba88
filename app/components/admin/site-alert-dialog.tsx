import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { SelectField } from '#app/components/forms/choice-fields.tsx'
import { Field, TextareaField } from '#app/components/forms/field.tsx'
import { useSite } from '#app/components/hooks/use-site.ts'
import { ALERT_MESSAGE_MAX, ALERT_TITLE_MAX, alertSchema } from '#app/domain/alert/alert.schema.ts'
import { ALERT_LEVEL_LABELS, type Alert } from '#app/domain/alert/alert.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'
import { ALERT_LEVELS } from '#db/tables/notifications.ts'

const LEVEL_OPTIONS = ALERT_LEVELS.map((level) => ({ value: level, label: ALERT_LEVEL_LABELS[level] }))

/** Add (no alert) or edit an alert of the public site; times are typed on the school's clocks. */
export function SiteAlertDialog({ alert, onClose }: { alert: Alert | null; onClose: () => void }) {
  const { timeZone } = useSite()
  return (
    <AdminFormDialog
      title={alert ? 'Edit Alert' : 'New Alert'}
      description="A notice under the header of every public page, from its start until its end."
      schema={alertSchema}
      editingId={alert?.id ?? null}
      onClose={onClose}
    >
      {({ errors }) => (
        <>
          <SelectField
            id="level"
            name="level"
            label="Level"
            options={LEVEL_OPTIONS}
            defaultValue={alert?.level ?? 'info'}
            error={errors.level}
            description="Important and emergency alerts are also sent to subscribed families at their start; an emergency opens a dialog for every visitor."
          />
          <Field id="title" name="title" label="Title" maxLength={ALERT_TITLE_MAX} defaultValue={alert?.title} error={errors.title} />
          <TextareaField
            id="message"
            name="message"
            label="Message (optional)"
            rows={3}
            maxLength={ALERT_MESSAGE_MAX}
            defaultValue={alert?.message ?? ''}
            error={errors.message}
            description={`Plain text, up to ${ALERT_MESSAGE_MAX} characters.`}
          />
          <Field
            id="link"
            name="link"
            label="Link (optional)"
            defaultValue={alert?.link ?? ''}
            error={errors.link}
            description="A page of this site (/calendar) or a web address (https://…)."
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="startsAt"
              name="startsAt"
              label="Start"
              type="datetime-local"
              defaultValue={utcToZonedTime(alert?.startsAt ?? new Date().toISOString(), timeZone)}
              error={errors.startsAt}
            />
            <Field
              id="endsAt"
              name="endsAt"
              label="End (optional)"
              type="datetime-local"
              defaultValue={alert?.endsAt ? utcToZonedTime(alert.endsAt, timeZone) : undefined}
              error={errors.endsAt}
            />
          </div>
          <p className="text-xs text-muted-foreground">Times are the school's ({timeZone}). Without an end, the alert shows until you delete it.</p>
        </>
      )}
    </AdminFormDialog>
  )
}
