import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useRef, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { useSite } from '#app/components/hooks/use-site.ts'
import { CategoryBadge } from '#app/components/site/category-badge.tsx'
import { eventPagePath } from '#app/domain/event/event.ts'
import type { MonthEventDate } from '#app/domain/event/event-summary.ts'
import { monthName, WEEKDAY_HEADINGS, type MonthDay } from '#app/domain/event/month-grid.ts'
import { formatPlainDate } from '#app/domain/event/recurrence.ts'
import { formatEventWhen } from '#app/lib/format.ts'
import { cn } from '#app/lib/utils.ts'

const dayAnchor = (date: string) => `day-${date}`

function countText(count: number) {
  return count === 0 ? 'no events' : count === 1 ? '1 event' : `${count} events`
}

interface CalendarMonthProps {
  month: string
  weeks: MonthDay<MonthEventDate>[][]
  /** Today on the school's clocks: the day the grid focuses first when it is in this month. */
  today: string
  previousHref: string
  nextHref: string
}

/** Moves of the arrow keys, Home and End, in days. */
const MOVES: Record<string, (index: number) => number> = {
  ArrowLeft: (index) => index - 1,
  ArrowRight: (index) => index + 1,
  ArrowUp: (index) => index - 7,
  ArrowDown: (index) => index + 7,
  Home: (index) => index - (index % 7),
  End: (index) => index - (index % 7) + 6,
}

/**
 * A month as a grid of days (a table with role=grid): each day is read as
 * its date and how many events it has; the arrow keys move between days,
 * Enter goes to the day's events listed under the grid. The server renders
 * it whole: without JavaScript the days' events are still listed below.
 */
export function CalendarMonth({ month, weeks, today, previousHref, nextHref }: CalendarMonthProps) {
  const { timeZone } = useSite()
  const days = weeks.flat()
  const start = Math.max(
    0,
    days.findIndex((day) => (today.startsWith(month) ? day.date === today : day.date === `${month}-01`)),
  )
  const [focused, setFocused] = useState(start)
  const cells = useRef<(HTMLTableCellElement | null)[]>([])
  const daysWithEvents = days.filter((day) => day.inMonth && day.events.length > 0)

  const onKeyDown = (event: KeyboardEvent<HTMLTableCellElement>, index: number) => {
    const move = MOVES[event.key]
    if (move) {
      const next = Math.min(days.length - 1, Math.max(0, move(index)))
      event.preventDefault()
      setFocused(next)
      cells.current[next]?.focus()
    } else if (event.key === 'Enter' || event.key === ' ') {
      const day = days[index]!
      if (day.events.length === 0) return
      event.preventDefault()
      const target = document.getElementById(dayAnchor(day.date))
      window.history.replaceState(null, '', `#${dayAnchor(day.date)}`)
      target?.focus()
      target?.scrollIntoView({ block: 'start' })
    }
  }

  return (
    <section aria-labelledby="month-title" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="month-title" className="text-2xl font-bold tracking-tight md:text-3xl">
          {monthName(month)}
        </h2>
        <nav aria-label="Months" className="flex gap-2">
          <Link to={previousHref} className="inline-flex items-center gap-1 rounded-md border border-input bg-background px-3 py-2 text-sm font-medium hover:bg-muted">
            <ChevronLeft aria-hidden className="size-4" />
            Previous<span className="sr-only"> month</span>
          </Link>
          <Link to={nextHref} className="inline-flex items-center gap-1 rounded-md border border-input bg-background px-3 py-2 text-sm font-medium hover:bg-muted">
            Next<span className="sr-only"> month</span>
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        </nav>
      </div>
      <p id="month-help" className="mt-2 text-sm text-muted-foreground">
        Arrow keys move between days; Enter shows the day's events.
      </p>
      <table role="grid" aria-labelledby="month-title" aria-describedby="month-help" className="mt-4 w-full table-fixed border-collapse text-sm">
        <thead>
          <tr>
            {WEEKDAY_HEADINGS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long} className="py-2 text-xs font-semibold text-muted-foreground uppercase sm:text-sm">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((day) => {
                const index = days.indexOf(day)
                const label = `${formatPlainDate(day.date)}, ${countText(day.events.length)}`
                return (
                  <td
                    key={day.date}
                    ref={(cell) => {
                      cells.current[index] = cell
                    }}
                    tabIndex={index === focused ? 0 : -1}
                    aria-current={day.date === today ? 'date' : undefined}
                    onKeyDown={(event) => onKeyDown(event, index)}
                    onFocus={() => setFocused(index)}
                    className={cn(
                      'h-16 border align-top focus-visible:relative focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring sm:h-28',
                      day.inMonth ? 'bg-card' : 'bg-muted/40 text-muted-foreground',
                    )}
                  >
                    {/* Read first: the date and how many events, then the titles shown. */}
                    <span className="sr-only">{label}</span>
                    <div className="flex h-full flex-col gap-1 p-1">
                      <span aria-hidden className={cn('inline-flex size-6 items-center justify-center rounded-full text-xs font-medium', day.date === today && 'bg-primary text-primary-foreground')}>
                        {Number(day.date.slice(8))}
                      </span>
                      {day.events.length > 0 ? (
                        <>
                          <span aria-hidden className="inline-flex w-fit rounded bg-primary/10 px-1 text-xs font-semibold text-primary sm:hidden">
                            {day.events.length}
                          </span>
                          <ul className="hidden space-y-0.5 sm:block">
                            {day.events.slice(0, 3).map((event) => (
                              <li key={`${event.slug}:${event.startDate}`} className="truncate text-xs">
                                {event.title}
                              </li>
                            ))}
                            {day.events.length > 3 ? <li className="text-xs text-muted-foreground">+{day.events.length - 3} more</li> : null}
                          </ul>
                        </>
                      ) : null}
                    </div>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-10 space-y-8">
        {daysWithEvents.length === 0 ? <p className="text-center text-muted-foreground">No events this month.</p> : null}
        {daysWithEvents.map((day) => (
          <section key={day.date} aria-labelledby={`${dayAnchor(day.date)}-title`}>
            <h3 id={dayAnchor(day.date)} tabIndex={-1} className="scroll-mt-28 text-lg font-semibold">
              <span id={`${dayAnchor(day.date)}-title`}>{formatPlainDate(day.date)}</span>
            </h3>
            <ul className="mt-2 space-y-2">
              {day.events.map((event) => (
                <li key={`${event.slug}:${event.startDate}`} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="text-sm text-muted-foreground">{formatEventWhen(event.startDate, event.endDate, timeZone)}</span>
                  <Link to={eventPagePath(event.slug)} className="font-medium text-primary underline-offset-4 hover:underline">
                    {event.title}
                  </Link>
                  {event.category ? <CategoryBadge category={event.category} /> : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  )
}
