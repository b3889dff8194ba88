import type { APIRequestContext } from '@playwright/test'
import ICAL from 'ical.js'
import { zonedTimeToUtc } from '#app/lib/zoned-time.ts'

/** The e2e servers' TIME_ZONE (playwright.config.ts). */
export const SCHOOL_TIME_ZONE = 'America/New_York'

/** The demo events (app/services/seed/seed.ts), each once. */
export const DEMO_EVENTS = ['Swimming — Year 4', 'Parents Evening', 'Coffee Morning', 'Sports Day', 'Winter Concert', 'Half-Term Break', 'INSET Day'] as const

/** The demo events' own pages. */
export const DEMO_EVENT_PAGES = ['swimming-year-4', 'parents-evening', 'coffee-morning', 'sports-day', 'winter-concert', 'half-term-break', 'inset-day'].map((slug) => `/calendar/${slug}`)

/** The VEVENTs of an iCalendar text, their times read on the zones its VTIMEZONEs describe. */
export function parseCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[])
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone))
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
}

export interface Occurrence {
  /** The event's id (the feed's UID is `{id}@{host}`). */
  id: string
  title: string
  /** The instant (ISO 8601) it starts: for a date, midnight of it on the school's clocks, as the site stores it. */
  start: string
  /** 'YYYY-MM-DD' on the school's clocks. */
  date: string
  allDay: boolean
}

function occurrenceOf(event: InstanceType<typeof ICAL.Event>, time: InstanceType<typeof ICAL.Time>): Occurrence {
  const date = time.toString().slice(0, 10)
  return { id: event.uid.slice(0, event.uid.lastIndexOf('@')), title: event.summary, date, allDay: time.isDate, start: time.isDate ? zonedTimeToUtc(`${date}T00:00`, SCHOOL_TIME_ZONE) : time.toJSDate().toISOString() }
}

/**
 * Every date of the site's calendar feed, repeating events expanded by
 * ical.js (their RRULE without the EXDATEs), soonest first: what the site's
 * own pages must list, worked out by another implementation of RFC 5545.
 */
export async function feedOccurrences(request: APIRequestContext): Promise<Occurrence[]> {
  const events = parseCalendar(await (await request.get('/calendar.ics')).text())
  const occurrences: Occurrence[] = []
  for (const event of events) {
    if (!event.isRecurring()) {
      occurrences.push(occurrenceOf(event, event.startDate))
      continue
    }
    const dates = event.iterator()
    for (let next = dates.next(); next; next = dates.next()) occurrences.push(occurrenceOf(event, event.getOccurrenceDetails(next).startDate))
  }
  return occurrences.sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id))
}

/** The instant today began on the school's clocks. */
export function startOfSchoolDay(now = new Date()) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE }).format(now)
  return zonedTimeToUtc(`${today}T00:00`, SCHOOL_TIME_ZONE)
}
