import { useFetcher } from 'react-router'
import { SelectField } from '#app/components/forms/choice-fields.tsx'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { refusedFieldErrors, type ActionResult } from '#app/lib/action-result.ts'

export const TIME_ZONE_TEXT = {
  title: 'Time zone',
  description: "The school's clocks: event, alert and publish times are shown and entered in this zone, and the calendar's days start at its midnight.",
  label: 'Time zone',
  save: 'Save time zone',
  saving: 'Saving...',
} as const

/** The site's time zone, an admin's setting (docs/product-rules.md#time-zone). */
export function TimeZoneCard({ timeZone, choices }: { timeZone: string; choices: readonly string[] }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  // A zone set before the list was offered (an alias given at start-up) stays choosable.
  const options = choices.includes(timeZone) ? choices : [timeZone, ...choices]
  return (
    <Card className="mb-8">
      <CardHeader>
        <CardTitle>
          <h2>{TIME_ZONE_TEXT.title}</h2>
        </CardTitle>
        <CardDescription>{TIME_ZONE_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" action="/admin/theme/time-zone" className="space-y-4">
          <SelectField
            id="site-time-zone"
            name="timeZone"
            label={TIME_ZONE_TEXT.label}
            options={options}
            defaultValue={timeZone}
            error={refusedFieldErrors(fetcher.data)?.timeZone}
            className="sm:max-w-sm"
          />
          <Button type="submit" disabled={fetcher.state !== 'idle'}>
            {fetcher.state !== 'idle' ? TIME_ZONE_TEXT.saving : TIME_ZONE_TEXT.save}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}
