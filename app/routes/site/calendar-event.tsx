import { ArrowLeft, CalendarDays, CalendarPlus, MapPin, Repeat } from 'lucide-react'
import { data, Link } from 'react-router'
import { useSite } from '#app/components/hooks/use-site.ts'
import { CategoryBadge } from '#app/components/site/category-badge.tsx'
import { googleCalendarUrl } from '#app/domain/event/calendar-export.ts'
import { eventIcsPath, eventPagePath, type SchoolEvent } from '#app/domain/event/event.ts'
import { getPublishedEventBySlug } from '#app/domain/event/event.server.ts'
import { describeRecurrence, formatPlainDate, parseRecurrence } from '#app/domain/event/recurrence.ts'
import { nextOccurrences } from '#app/domain/event/recurrence.server.ts'
import { formatEventWhen } from '#app/lib/format.ts'
import { absoluteUrl, jsonLd, pageMeta } from '#app/lib/seo.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import type { Route } from './+types/calendar-event.ts'

/** How many coming dates of a repeating event the page lists. */
const NEXT_DATES = 5

export async function loader({ params }: Route.LoaderArgs) {
  const event = await getPublishedEventBySlug(params.slug)
  if (!event) return data({ event: null, nextDates: [] }, { status: 404 })
  const nextDates = event.recurrence
    ? nextOccurrences(event, await siteTimeZone(), new Date(), NEXT_DATES).map((occurrence) => ({ startDate: occurrence.startDate, endDate: occurrence.endDate }))
    : []
  return { event, nextDates }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const event = loaderData?.event
  if (!event) return [{ title: 'Event not found' }, { name: 'robots', content: 'noindex' }]
  const siteUrl = matches[0]?.loaderData?.siteUrl ?? ''
  const shell = matches[1]?.loaderData?.shell
  const path = eventPagePath(event.slug)
  const next = loaderData.nextDates[0] ?? event
  const school = { '@type': 'Organization', name: shell?.title, url: `${siteUrl}/` }
  const address = shell?.contactConfigured ? { address: { '@type': 'PostalAddress', streetAddress: shell.contact.address } } : {}
  return pageMeta(matches, {
    title: event.title,
    description: event.description ?? event.title,
    path,
    extra: [
      jsonLd({
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: event.title,
        url: absoluteUrl(siteUrl, path),
        startDate: next.startDate,
        ...(next.endDate ? { endDate: next.endDate } : {}),
        ...(event.description ? { description: event.description } : {}),
        ...(event.imageUrl ? { image: absoluteUrl(siteUrl, event.imageUrl) } : {}),
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: { '@type': 'Place', name: event.location ?? shell?.title, ...(event.mapUrl ? { hasMap: event.mapUrl } : {}), ...address },
        organizer: school,
      }),
    ],
  })
}

function BackToCalendar() {
  return (
    <Link to="/calendar" className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline">
      <ArrowLeft aria-hidden className="size-4" />
      Back to Calendar
    </Link>
  )
}

/** 'Every Tuesday until 1 July 2027, except 22 December 2026'. */
function repeatsInWords(event: SchoolEvent) {
  const parsed = event.recurrence ? parseRecurrence(event.recurrence) : null
  if (!parsed?.ok) return null
  const words = describeRecurrence(parsed.rule)
  return event.exceptions.length > 0 ? `${words}, except ${event.exceptions.map(formatPlainDate).join(', ')}` : words
}

const buttonClass =
  'inline-flex items-center gap-2 rounded-md border border-input bg-background px-4 py-2 text-sm font-medium shadow-xs hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

export default function CalendarEventPage({ loaderData }: Route.ComponentProps) {
  const { timeZone, siteUrl } = useSite()
  const { event, nextDates } = loaderData
  if (!event) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Event not found</h1>
        <BackToCalendar />
      </div>
    )
  }
  const repeats = repeatsInWords(event)
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <BackToCalendar />
      {event.imageUrl ? (
        <img
          src={event.imageUrl}
          srcSet={imageSrcSet(event.imageUrl)}
          sizes="(min-width: 768px) 768px, 100vw"
          alt=""
          fetchPriority="high"
          decoding="async"
          className="mt-6 aspect-video w-full rounded-lg object-cover shadow-sm"
        />
      ) : null}
      <h1 className="mt-8 text-3xl font-bold tracking-tight text-balance md:text-4xl">{event.title}</h1>
      {event.category ? <CategoryBadge category={event.category} className="mt-3" /> : null}
      <dl className="mt-6 space-y-4">
        <div className="flex gap-3">
          <dt className="shrink-0">
            <CalendarDays aria-hidden className="mt-0.5 size-5 text-primary" />
            <span className="sr-only">When</span>
          </dt>
          <dd>
            <time dateTime={event.startDate}>{formatEventWhen(event.startDate, event.endDate, timeZone)}</time>
            {event.allDay ? <span className="text-muted-foreground"> · All day</span> : null}
          </dd>
        </div>
        {repeats ? (
          <div className="flex gap-3">
            <dt className="shrink-0">
              <Repeat aria-hidden className="mt-0.5 size-5 text-primary" />
              <span className="sr-only">Repeats</span>
            </dt>
            <dd>
              <p>{repeats}</p>
              {nextDates.length > 0 ? (
                <p className="mt-2 text-sm text-muted-foreground">
                  Next dates:{' '}
                  {nextDates.map((date, index) => (
                    <span key={date.startDate}>
                      {index > 0 ? '; ' : ''}
                      <time dateTime={date.startDate}>{formatEventWhen(date.startDate, date.endDate, timeZone)}</time>
                    </span>
                  ))}
                </p>
              ) : null}
            </dd>
          </div>
        ) : null}
        {event.location || event.mapUrl ? (
          <div className="flex gap-3">
            <dt className="shrink-0">
              <MapPin aria-hidden className="mt-0.5 size-5 text-primary" />
              <span className="sr-only">Where</span>
            </dt>
            <dd>
                {event.location}
                {event.mapUrl ? (
                  <>
                    {event.location ? ' · ' : ''}
                    <a href={event.mapUrl} rel="noopener noreferrer" target="_blank" className="font-medium text-primary underline underline-offset-4">
                      Open map<span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </>
                ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {event.description ? <p className="mt-8 text-lg whitespace-pre-line">{event.description}</p> : null}
      <div className="mt-8 flex flex-wrap gap-3">
        <a href={eventIcsPath(event.slug)} download className={buttonClass}>
          <CalendarPlus aria-hidden className="size-4" />
          Add to calendar
        </a>
        <a href={googleCalendarUrl(event, timeZone, siteUrl)} rel="noopener noreferrer" target="_blank" className={buttonClass}>
          <CalendarPlus aria-hidden className="size-4" />
          Add to Google Calendar<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </article>
  )
}
