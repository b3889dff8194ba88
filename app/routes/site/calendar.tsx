import { CalendarPlus, Download } from 'lucide-react'
import { Link } from 'react-router'
import { CalendarMonth } from '#app/components/site/calendar-month.tsx'
import { CardList } from '#app/components/site/card-list.tsx'
import { EventCard } from '#app/components/site/event-card.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { listEventCategories } from '#app/domain/event/event-category.server.ts'
import { eventPagePath } from '#app/domain/event/event.ts'
import { listedEventDate, monthEventDate, type ListedEventDate } from '#app/domain/event/event-summary.ts'
import { listOccurrencesBetween, listUpcomingEvents } from '#app/domain/event/event.server.ts'
import { monthGrid, monthOf, parseMonth, shiftMonth } from '#app/domain/event/month-grid.ts'
import { getSectionContent } from '#app/domain/section/section.server.ts'
import { config } from '#app/lib/env.server.ts'
import { CALENDAR_FEED_PATH } from '#app/services/feeds/feed-paths.ts'
import { absoluteUrl, jsonLd, pageMeta } from '#app/lib/seo.ts'
import { isEmbeddableCalendarUrl } from '#app/lib/url-rules.ts'
import { utcToZonedTime, zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import type { Route } from './+types/calendar.ts'

/** The dates the list shows: later ones are in the month view, so a year of daily clubs stays a page a phone can load. */
const CALENDAR_LIST_LENGTH = 100

const TITLE = 'School Calendar'
const SUBTITLE = 'Upcoming events and important dates.'

/** The page's own address with some of its choices changed (`null` drops one): filters and views are plain links. */
function calendarHref(current: URLSearchParams, changes: Record<string, string | null>) {
  const params = new URLSearchParams(current)
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name)
    else params.set(name, value)
  }
  const query = params.toString()
  return query ? `/calendar?${query}` : '/calendar'
}

/**
 * The list of upcoming events (the default) or a month (`?view=month&month=2026-12`),
 * of every category or one (`?category={slug}`; an unknown one shows all).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const now = new Date()
  const timeZone = await siteTimeZone()
  const [categories, externalCalendar] = await Promise.all([listEventCategories(), getSectionContent('calendar.google')])
  const category = categories.find((candidate) => candidate.slug === params.get('category')) ?? null
  const filter = { categoryId: category?.id, timeZone }
  const today = utcToZonedTime(now.toISOString(), timeZone).slice(0, 10)
  let month = null
  let events: ListedEventDate[] = []
  let laterMonth: string | null = null
  if (params.get('view') === 'month') {
    const shown = parseMonth(params.get('month')) ?? monthOf(now.toISOString(), timeZone)
    // A week either side: the grid shows the days of the months around it.
    const from = new Date(zonedTimeToUtc(`${shiftMonth(shown, -1)}-23T00:00`, timeZone))
    const to = new Date(zonedTimeToUtc(`${shiftMonth(shown, 1)}-08T00:00`, timeZone))
    const dates = (await listOccurrencesBetween(from, to, filter)).map(monthEventDate)
    month = { month: shown, weeks: monthGrid(shown, dates, timeZone), previous: shiftMonth(shown, -1), next: shiftMonth(shown, 1) }
  } else {
    const upcoming = await listUpcomingEvents(now, { ...filter, limit: CALENDAR_LIST_LENGTH + 1 })
    if (upcoming.length > CALENDAR_LIST_LENGTH) laterMonth = monthOf(upcoming[CALENDAR_LIST_LENGTH]!.startDate, timeZone)
    events = upcoming.slice(0, CALENDAR_LIST_LENGTH).map(listedEventDate)
  }
  const url = externalCalendar?.url ?? ''
  const host = new URL(config.publicUrl).host
  return {
    events,
    laterMonth,
    month,
    today,
    categories,
    category,
    query: params.toString(),
    feedHost: host,
    // Only a calendar service the CSP lets us frame: anything else would render a blocked, empty frame.
    fullCalendarUrl: isEmbeddableCalendarUrl(url) ? url : null,
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteUrl = matches[0]?.loaderData?.siteUrl ?? ''
  const shell = matches[1]?.loaderData?.shell
  const events = loaderData?.events ?? []
  const school = { '@type': 'Organization', name: shell?.title, url: `${siteUrl}/` }
  const place = shell?.contactConfigured
    ? { '@type': 'Place', name: shell.contact.schoolName, address: { '@type': 'PostalAddress', streetAddress: shell.contact.address } }
    : { '@type': 'Place', name: shell?.title }
  return pageMeta(matches, {
    title: TITLE,
    description: SUBTITLE,
    path: '/calendar',
    extra: [
      { tagName: 'link', rel: 'alternate', type: 'text/calendar', title: `${TITLE} (iCalendar)`, href: CALENDAR_FEED_PATH },
      ...(events.length > 0
        ? [
            jsonLd({
              '@context': 'https://schema.org',
              '@graph': events.map((event) => ({
                '@type': 'Event',
                name: event.title,
                url: absoluteUrl(siteUrl, eventPagePath(event.slug)),
                startDate: event.startDate,
                ...(event.endDate ? { endDate: event.endDate } : {}),
                ...(event.description ? { description: event.description } : {}),
                ...(event.imageUrl ? { image: absoluteUrl(siteUrl, event.imageUrl) } : {}),
                eventStatus: 'https://schema.org/EventScheduled',
                eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
                location: place,
                organizer: school,
              })),
            }),
          ]
        : []),
    ],
  })
}

const pill = 'inline-flex items-center rounded-full border px-3 py-1 text-sm font-medium hover:bg-muted aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground'

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { events, laterMonth, month, today, categories, category, query, feedHost, fullCalendarUrl } = loaderData
  const current = new URLSearchParams(query)
  const feedPath = category ? `${CALENDAR_FEED_PATH}?category=${encodeURIComponent(category.slug)}` : CALENDAR_FEED_PATH
  const listView = month === null
  // The first card of each event carries its anchor (/calendar#event-{id}); a repeating event has several cards.
  const anchored = new Set<string>()
  const items = events.map((event) => {
    const anchor = !anchored.has(event.id)
    anchored.add(event.id)
    return { id: `${event.id}:${event.startDate}`, event, anchor }
  })
  return (
    <>
      <PageBanner page="calendarPage" title={TITLE} subtitle={SUBTITLE} />
      <div className="mx-auto max-w-4xl px-4 py-12">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <nav aria-label="Calendar view" className="flex gap-2">
            <Link to={calendarHref(current, { view: null, month: null })} aria-current={listView ? 'page' : undefined} className={pill}>
              List
            </Link>
            <Link to={calendarHref(current, { view: 'month' })} aria-current={listView ? undefined : 'page'} className={pill}>
              Month
            </Link>
          </nav>
          <div className="flex flex-wrap gap-2">
            <a
              href={`webcal://${feedHost}${feedPath}`}
              className="inline-flex items-center gap-2 rounded-md border border-input bg-background px-4 py-2 text-sm font-medium shadow-xs hover:bg-muted"
            >
              <CalendarPlus aria-hidden className="size-4" />
              Subscribe<span className="sr-only"> to the school calendar{category ? ` (${category.name})` : ''}</span>
            </a>
            <a href={feedPath} download className="inline-flex items-center gap-2 rounded-md border border-input bg-background px-4 py-2 text-sm font-medium shadow-xs hover:bg-muted">
              <Download aria-hidden className="size-4" />
              Download .ics
            </a>
          </div>
        </div>
        <p className="mt-2 text-sm text-muted-foreground">
          Subscribe to follow these events in your phone or computer calendar: new events appear there automatically.
        </p>
        {categories.length > 0 ? (
          <nav aria-label="Categories" className="mt-6">
            <ul className="flex flex-wrap gap-2">
              <li>
                <Link to={calendarHref(current, { category: null })} aria-current={category ? undefined : 'page'} className={pill}>
                  All events
                </Link>
              </li>
              {categories.map((option) => (
                <li key={option.id}>
                  <Link to={calendarHref(current, { category: option.slug })} aria-current={category?.id === option.id ? 'page' : undefined} className={pill}>
                    {option.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {month ? (
          <CalendarMonth
            month={month.month}
            weeks={month.weeks}
            today={today}
            previousHref={calendarHref(current, { view: 'month', month: month.previous })}
            nextHref={calendarHref(current, { view: 'month', month: month.next })}
          />
        ) : (
          <section aria-labelledby="upcoming-events-title" className="mt-8">
            <h2 id="upcoming-events-title" className="text-2xl font-bold tracking-tight md:text-3xl">
              Upcoming Events{category ? `: ${category.name}` : ''}
            </h2>
            <CardList items={items} ordered empty="No upcoming events." className="mt-8 space-y-4" renderCard={(item) => <EventCard event={item.event} anchor={item.anchor} />} />
            {laterMonth ? (
              <p className="mt-6">
                <Link to={calendarHref(current, { view: 'month', month: laterMonth })} className="font-medium text-primary underline underline-offset-4">
                  Later events in the month view
                </Link>
              </p>
            ) : null}
          </section>
        )}
        {fullCalendarUrl ? (
          <section aria-labelledby="full-calendar-title" className="mt-16">
            <h2 id="full-calendar-title" className="text-2xl font-bold tracking-tight md:text-3xl">
              Full Calendar
            </h2>
            <iframe
              title="Full Calendar"
              src={fullCalendarUrl}
              loading="lazy"
              sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
              className="mt-6 h-[600px] w-full rounded-lg border bg-card"
            />
          </section>
        ) : null}
      </div>
    </>
  )
}
