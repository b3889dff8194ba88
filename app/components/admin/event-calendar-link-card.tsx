import { useFetcher } from 'react-router'
import { describedBy, FormField } from '#app/components/admin/form-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { calendarLinkSchema } from '#app/domain/event/event.schema.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { CALENDAR_URL_FORMS } from '#app/lib/calendar-hosts.ts'
import { useActionToast } from '#app/lib/use-action-toast.ts'
import { useClientValidation } from '#app/lib/use-client-validation.ts'

/** The external calendar framed under 'Full Calendar' on the public calendar page (section calendar.google). */
export function EventCalendarLinkCard({ url }: { url: string }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  const validation = useClientValidation(calendarLinkSchema, { toastRefusal: true })
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {}
  const error = validation.errors.url ?? serverErrors.url
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
        <fetcher.Form method="post" noValidate onSubmit={validation.onSubmit} onChange={validation.onChange} className="space-y-4">
          <input type="hidden" name="intent" value="save-calendar" />
          <FormField
            id="calendarUrl"
            label="Embed URL"
            error={error}
            // A refusal names the accepted addresses itself.
            hint={error ? null : <span id="calendarUrl-hint">Accepted addresses: {CALENDAR_URL_FORMS.join(', ')}</span>}
          >
            <Input
              id="calendarUrl"
              name="url"
              type="url"
              inputMode="url"
              placeholder="https://calendar.google.com/calendar/embed?src=…"
              defaultValue={url}
              aria-invalid={!!error}
              aria-describedby={describedBy('calendarUrl', error) ?? 'calendarUrl-hint'}
            />
          </FormField>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Google Calendar Link'}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}
