import { getPublishedEventBySlug } from '#app/domain/event/event.server.ts'
import { config } from '#app/lib/env.server.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { feedResponse } from '#app/services/feeds/feed-response.ts'
import { buildICalendar } from '#app/services/feeds/icalendar.ts'
import type { Route } from './+types/event-ics.ts'

/** One event as a calendar file, for 'Add to calendar' on its page; a draft is not found. */
export async function loader({ params }: Route.LoaderArgs) {
  const [event, timeZone] = await Promise.all([getPublishedEventBySlug(params.slug), siteTimeZone()])
  if (!event) throw new Response('Not found', { status: 404 })
  const body = buildICalendar({ siteUrl: config.publicUrl, calendarName: event.title, timeZone, events: [event], now: new Date() })
  return feedResponse(body, 'text/calendar; charset=utf-8', { 'Content-Disposition': `attachment; filename="${event.slug}.ics"` })
}
