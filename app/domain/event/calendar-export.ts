import { utcToZonedTime, zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import { eventPagePath, isAllDayEvent, type SchoolEvent } from './event.ts'
import { parseRecurrence } from './recurrence.ts'

/*
 * How an event leaves the site for a calendar app: the .ics feeds and the
 * 'Add to Google Calendar' link write its repeat rule the same way. Plain
 * code: the event page builds the link.
 */

/** 20270314T150000Z */
export function utcStamp(iso: string) {
  return iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
}

/**
 * The event's RRULE value for a calendar app. UNTIL is stored as a date; for
 * an event with times RFC 5545 wants the last moment of that day on the
 * school's clocks, in UTC.
 */
export function exportedRecurrence(event: Pick<SchoolEvent, 'recurrence'>, allDay: boolean, timeZone: string): string | null {
  if (!event.recurrence) return null
  const parsed = parseRecurrence(event.recurrence)
  if (!parsed.ok) return null
  const { until } = parsed.rule
  return until && !allDay ? event.recurrence.replace(/UNTIL=\d{8}/, `UNTIL=${utcStamp(zonedTimeToUtc(`${until}T23:59:59`, timeZone))}`) : event.recurrence
}

/** 'YYYYMMDD' of the school's date at an instant, `days` later. */
function compactDate(iso: string, timeZone: string, days = 0) {
  const date = new Date(`${utcToZonedTime(iso, timeZone).slice(0, 10)}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10).replaceAll('-', '')
}

/**
 * Google Calendar's 'add event' page, filled in: times in UTC shown in the
 * school's zone (ctz), an all-day event as dates with the day after the last
 * as end, the repeat rule, and the event page's address in the details.
 * Google's form takes no skipped dates: those come with the .ics.
 */
export function googleCalendarUrl(event: SchoolEvent, timeZone: string, siteUrl: string): string {
  const allDay = isAllDayEvent(event, timeZone)
  const dates = allDay
    ? `${compactDate(event.startDate, timeZone)}/${compactDate(event.endDate ?? event.startDate, timeZone, 1)}`
    : `${utcStamp(event.startDate)}/${utcStamp(event.endDate && event.endDate > event.startDate ? event.endDate : event.startDate)}`
  const page = `${siteUrl}${eventPagePath(event.slug)}`
  const params = new URLSearchParams({ action: 'TEMPLATE', text: event.title, dates, details: event.description ? `${event.description}\n\n${page}` : page })
  if (event.location) params.set('location', event.location)
  params.set('ctz', timeZone)
  const recurrence = exportedRecurrence(event, allDay, timeZone)
  if (recurrence) params.set('recur', `RRULE:${recurrence}`)
  return `https://calendar.google.com/calendar/render?${params.toString()}`
}
