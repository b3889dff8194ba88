import { CalendarPlus } from 'lucide-react'
import { CardList } from '#app/components/site/card-list.tsx'
import { EventCard } from '#app/components/site/event-card.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { listUpcomingEvents } from '#app/domain/event/event.server.ts'
import { getSectionContent } from '#app/domain/section/section.server.ts'
import { CALENDAR_FEED_PATH } from '#app/services/feeds/feed-paths.ts'
import { absoluteUrl, jsonLd, pageMeta } from '#app/lib/seo.ts'
import { isEmbeddableCalendarUrl } from '#app/lib/url-rules.ts'
import type { Route } from './+types/calendar.ts'

const TITLE = 'School Calendar'
const SUBTITLE = 'Upcoming events and important dates.'

export async function loader() {
  const [events, externalCalendar] = await Promise.all([listUpcomingEvents(), getSectionContent('calendar.google')])
  const url = externalCalendar?.url ?? ''
  // Only a calendar service the CSP lets us frame: anything else would render a blocked, empty frame.
  return { events, fullCalendarUrl: isEmbeddableCalendarUrl(url) ? url : null }
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

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { events, fullCalendarUrl } = loaderData
  return (
    <>
      <PageBanner page="calendarPage" title={TITLE} subtitle={SUBTITLE} />
      <div className="mx-auto max-w-4xl px-4 py-12">
        <section aria-labelledby="upcoming-events-title">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 id="upcoming-events-title" className="text-2xl font-bold tracking-tight md:text-3xl">
              Upcoming Events
            </h2>
            <a
              href={CALENDAR_FEED_PATH}
              className="inline-flex items-center gap-2 rounded-md border border-input bg-background px-4 py-2 text-sm font-medium shadow-xs hover:bg-muted"
            >
              <CalendarPlus aria-hidden className="size-4" />
              Subscribe<span className="sr-only"> to the school calendar</span>
            </a>
          </div>
          <p className="mt-2 text-sm text-muted-foreground">
            Subscribe to follow these events in your phone or computer calendar: new events appear there automatically.
          </p>
          <CardList items={events} ordered empty="No upcoming events." className="mt-8 space-y-4" renderCard={(event) => <EventCard event={event} />} />
        </section>
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
