import ical, { ICalCalendarMethod } from 'ical-generator'
import { Temporal } from 'temporal-polyfill'
import { tzlib_get_ical_block } from 'timezones-ical-library'
import { eventPagePath, isAllDayEvent, type SchoolEvent } from '#app/domain/event/event.ts'
import { exportedRecurrence } from '#app/domain/event/calendar-export.ts'
import { ZonedTime } from './ical-times.ts'

export interface CalendarFeedInput {
  /** Absolute site address without a trailing slash. */
  siteUrl: string
  calendarName: string
  /** The school's IANA time zone: times are written on its clocks (TZID), with its VTIMEZONE. */
  timeZone: string
  events: readonly SchoolEvent[]
  /** DTSTAMP: when this copy of the calendar was made. */
  now: Date
}

/** The RRULE and EXDATE lines of a repeating event; an all-day event skips dates, any other the occurrences at its time. */
function repeatLines(event: SchoolEvent, start: ZonedTime, allDay: boolean): string | null {
  const rule = exportedRecurrence(event, allDay, start.timeZoneId)
  if (!rule) return null
  const lines = [`RRULE:${rule}`]
  if (event.exceptions.length > 0) {
    const dates = event.exceptions.map((date) => date.replaceAll('-', ''))
    const time = start.toPlainDateTime().toString().slice(11, 16).replace(':', '')
    lines.push(allDay ? `EXDATE;VALUE=DATE:${dates.join(',')}` : `EXDATE;TZID=${start.timeZoneId}:${dates.map((date) => `${date}T${time}00`).join(',')}`)
  }
  return lines.join('\n')
}

/**
 * An RFC 5545 calendar of the school's events, for subscription from phones
 * and calendar apps, written by ical-generator: times on the school's clocks
 * with its VTIMEZONE, all-day events as dates, a repeating event as one
 * VEVENT with its RRULE and EXDATEs.
 */
export function buildICalendar({ siteUrl, calendarName, timeZone, events, now }: CalendarFeedInput): string {
  const host = new URL(siteUrl).hostname
  const calendar = ical({
    name: calendarName,
    prodId: { company: 'School Website', product: 'Events Calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 12 * 60 * 60,
    // No calendar-wide zone: ical-generator would write DTSTAMP on its clocks, where RFC 5545 asks for UTC.
    // The events name the zone (TZID), and its VTIMEZONE is written for them.
    timezone: { name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null },
    x: [['X-WR-TIMEZONE', timeZone]],
  })
  for (const event of events) {
    const allDay = isAllDayEvent(event, timeZone)
    const start = ZonedTime.of(event.startDate, timeZone)
    const url = `${siteUrl}${eventPagePath(event.slug)}`
    const common = {
      id: `${event.id}@${host}`,
      stamp: now,
      summary: event.title,
      description: event.description,
      location: event.location,
      url,
      categories: event.category ? [{ name: event.category.name }] : [],
      repeating: repeatLines(event, start, allDay),
    }
    if (allDay) {
      const first = start.toPlainDate()
      // DTEND of a date is the day after the last one.
      const last = event.endDate ? ZonedTime.of(event.endDate, timeZone).toPlainDate() : first
      calendar.createEvent({ ...common, allDay: true, start: first, end: (Temporal.PlainDate.compare(last, first) < 0 ? first : last).add({ days: 1 }) })
    } else {
      // An end not after the start would make the event invalid; without DTEND it lasts an instant.
      const end = event.endDate && event.endDate > event.startDate ? ZonedTime.of(event.endDate, timeZone) : null
      calendar.createEvent({ ...common, timezone: timeZone, start, end })
    }
  }
  // RFC 5545 ends every content line, the last one too, with CRLF.
  return `${calendar.toString().replace(/(?:\r\n)?$/, '\r\n')}`
}
