import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import { useState } from 'react'
import { FieldFrame } from '#app/components/forms/field.tsx'
import { useSite } from '#app/components/hooks/use-site.ts'
import { Button } from '#app/components/ui/button.tsx'
import { monthGrid, monthName, monthOf, shiftMonth, WEEKDAY_HEADINGS } from '#app/domain/event/month-grid.ts'
import { formatPlainDate } from '#app/domain/event/recurrence.ts'
import { cn } from '#app/lib/utils.ts'

interface DatesCalendarProps {
  id: string
  /** The form field: the chosen dates ('YYYY-MM-DD'), separated by commas. */
  name: string
  label: string
  description?: string
  error?: string
  defaultDates: readonly string[]
  onChange?: () => void
}

/**
 * Dates chosen by clicking them on a month calendar (a click chooses a day,
 * another click lets it go), listed under it with a button to take each one
 * away. Weeks run Monday to Sunday, as on the public calendar.
 */
export function DatesCalendar({ id, name, label, description, error, defaultDates, onChange }: DatesCalendarProps) {
  const { timeZone } = useSite()
  const [dates, setDates] = useState(() => [...new Set(defaultDates)].sort())
  const [month, setMonth] = useState(() => dates[0]?.slice(0, 7) ?? monthOf(new Date().toISOString(), timeZone))
  const toggle = (date: string) => {
    setDates((current) => (current.includes(date) ? current.filter((other) => other !== date) : [...current, date].sort()))
    onChange?.()
  }
  const weeks = monthGrid(month, [], timeZone)
  const title = monthName(month)
  return (
    <FieldFrame id={id} label={label} description={description} error={error} labelFor={false}>
      {(control) => (
        <div className="space-y-3">
          <input type="hidden" name={name} value={dates.join(', ')} />
          <div id={id} role="group" aria-labelledby={`${id}-label`} aria-describedby={control['aria-describedby']} className="w-full max-w-xs rounded-md border p-2">
            <div className="mb-2 flex items-center justify-between gap-2">
              <Button type="button" variant="ghost" size="icon" aria-label={`Previous month (${monthName(shiftMonth(month, -1))})`} onClick={() => setMonth(shiftMonth(month, -1))}>
                <ChevronLeft aria-hidden />
              </Button>
              <p className="text-sm font-medium" aria-live="polite">
                {title}
              </p>
              <Button type="button" variant="ghost" size="icon" aria-label={`Next month (${monthName(shiftMonth(month, 1))})`} onClick={() => setMonth(shiftMonth(month, 1))}>
                <ChevronRight aria-hidden />
              </Button>
            </div>
            <table className="w-full table-fixed border-collapse text-center text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  {WEEKDAY_HEADINGS.map(([short, long]) => (
                    <th key={short} scope="col" abbr={long} className="pb-1 text-xs font-normal text-muted-foreground">
                      {short}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week[0]!.date}>
                    {week.map((day) => {
                      const chosen = dates.includes(day.date)
                      return (
                        <td key={day.date} className="p-0.5">
                          <button
                            type="button"
                            aria-pressed={chosen}
                            aria-label={formatPlainDate(day.date)}
                            onClick={() => toggle(day.date)}
                            className={cn(
                              'size-9 rounded-md text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                              !day.inMonth && 'text-muted-foreground',
                              chosen && 'bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground',
                            )}
                          >
                            {Number(day.date.slice(8))}
                          </button>
                        </td>
                      )
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {dates.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={`${label}: chosen`}>
              {dates.map((date) => (
                <li key={date} className="flex items-center gap-1 rounded-full border bg-muted py-0.5 pr-1 pl-3 text-sm">
                  {formatPlainDate(date)}
                  <Button type="button" variant="ghost" size="icon" className="size-6 rounded-full" aria-label={`Remove ${formatPlainDate(date)}`} onClick={() => toggle(date)}>
                    <X aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </FieldFrame>
  )
}
