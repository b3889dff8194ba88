import { useFetcher } from 'react-router'
import { Field } from '#app/components/forms/field.tsx'
import { toastRefusal } from '#app/components/forms/toast-refusal.ts'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#app/components/ui/card.tsx'
import { calendarLinkSchema } from '#app/domain/event/event.schema.ts'
import { refusedFieldErrors, type ActionResult } from '#app/lib/action-result.ts'
import { CALENDAR_URL_FORMS } from '#app/lib/calendar-hosts.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'

/** The external calendar framed under 'Full Calendar' on the public calendar page (section calendar.google). */
export function EventCalendarLinkCard({ url }: { url: string }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  const validation = useFormValidation({ schema: calendarLinkSchema, serverErrors: refusedFieldErrors(fetcher.data), onInvalid: toastRefusal })
  const error = validation.errors.url
  const saving = fetcher.state !== 'idle'

  return (
    <Card className="mb-8">
      <CardHeader>
        <h2 className="text-lg font-semibold">Google Calendar</h2>
        <CardDescription>
          Shown as the 'Full Calendar' on the public calendar page. In Google Calendar, open the calendar's settings, find 'Integrate calendar' and
          copy the embed address (the part inside src="…"). Leave empty to remove the calendar.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" {...validation.form} className="space-y-4">
          <input type="hidden" name="intent" value="save-calendar" />
          <Field
            id="calendarUrl"
            name="url"
            label="Embed URL"
            type="url"
            inputMode="url"
            placeholder="https://calendar.google.com/calendar/embed?src=…"
            defaultValue={url}
            error={error}
            // A refusal names the accepted addresses itself.
            description={error ? null : `Accepted addresses: ${CALENDAR_URL_FORMS.join(', ')}`}
          />
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Google Calendar Link'}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}
