import { CalendarDays } from 'lucide-react'
import { Link } from 'react-router'
import { useSite } from '#app/components/hooks/use-site.ts'
import { calendarEventPath } from '#app/domain/event/event.ts'
import type { UpcomingEventDate } from '#app/domain/event/event-summary.ts'
import { formatEventWhen } from '#app/lib/format.ts'
import { ViewAllLink } from './latest-news.tsx'

/** The next events, each linking to its card on the calendar page; the page leaves the block out when there are none. */
export function UpcomingEvents({ events }: { events: readonly UpcomingEventDate[] }) {
  const { timeZone } = useSite()
  return (
    <section aria-labelledby="home-events-title" data-home-block="upcomingEvents" className="bg-muted/50 px-4 py-16 md:py-20">
      <div className="mx-auto max-w-6xl">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="home-events-title" className="text-3xl font-bold tracking-tight md:text-4xl">
            Upcoming Events
          </h2>
          <ViewAllLink to="/calendar">View calendar</ViewAllLink>
        </div>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {events.map((event) => (
            <li key={`${event.id}:${event.startDate}`}>
              <article className="flex h-full flex-col rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
                <p className="flex items-center gap-2 text-sm font-medium text-primary">
                  <CalendarDays aria-hidden className="size-4 shrink-0" />
                  <time dateTime={event.startDate}>{formatEventWhen(event.startDate, event.endDate, timeZone)}</time>
                </p>
                <h3 className="mt-2 text-xl font-semibold leading-snug">
                  <Link to={calendarEventPath(event.id)} className="underline-offset-4 hover:underline">
                    {event.title}
                  </Link>
                </h3>
              </article>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
