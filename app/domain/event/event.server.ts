import type { Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { utcToZonedTime, zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import { readNullableTimestamp, readTimestamp } from '#db/portable.ts'
import type { EventTable } from '#db/tables/content.ts'
import { publishedOnly } from '../publishing/visibility.server.ts'
import type { SchoolEvent } from './event.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export function toSchoolEvent(row: Selectable<EventTable>): SchoolEvent {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    description: row.description,
    startDate: readTimestamp(row.start_date),
    endDate: readNullableTimestamp(row.end_date),
    imageUrl: row.image_url,
  }
}

/**
 * The published events that ended (or, without an end, started) at or after
 * `since`, by start date ascending: the public calendar page and feed.
 */
export async function listEventsEndingSince(since: Date): Promise<SchoolEvent[]> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where(publishedOnly())
    .where((eb) => eb(eb.fn.coalesce('end_date', 'start_date'), '>=', since.toISOString()))
    .orderBy('start_date', 'asc')
    .execute()
  return rows.map(toSchoolEvent)
}

/**
 * The calendar page's events: those that have not ended more than a day ago.
 * The day of grace keeps today's events listed in every time zone.
 */
export function listUpcomingEvents(now = new Date()): Promise<SchoolEvent[]> {
  return listEventsEndingSince(new Date(now.getTime() - DAY_MS))
}

/**
 * The next `count` published events that start today or later, today being
 * the school's day at `now` in `timeZone`, soonest first: the home page's
 * Upcoming Events. An event that began yesterday and is still running is
 * not "upcoming" and is left to the calendar page.
 */
export async function listNextEvents(count: number, timeZone: string, now = new Date()): Promise<SchoolEvent[]> {
  const today = utcToZonedTime(now.toISOString(), timeZone).slice(0, 10)
  const startOfToday = zonedTimeToUtc(`${today}T00:00`, timeZone)
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where(publishedOnly())
    .where('start_date', '>=', startOfToday)
    .orderBy('start_date', 'asc')
    .orderBy('id')
    .limit(count)
    .execute()
  return rows.map(toSchoolEvent)
}

/** One event, or null when there is none with this id. */
export async function getEvent(id: string): Promise<SchoolEvent | null> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toSchoolEvent(row) : null
}

/** A page of events by start date, latest first (the admin's order), with how many match; `endingSince` as in `listEventsEndingSince`. */
export async function listEventsPage(query: { limit: number; offset: number; endingSince?: Date }): Promise<{ events: SchoolEvent[]; total: number }> {
  let filtered = db.selectFrom('events')
  const since = query.endingSince
  if (since) filtered = filtered.where((eb) => eb(eb.fn.coalesce('end_date', 'start_date'), '>=', since.toISOString()))
  const [rows, count] = await Promise.all([
    filtered.selectAll().orderBy('start_date', 'desc').orderBy('id').limit(query.limit).offset(query.offset).execute(),
    filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { events: rows.map(toSchoolEvent), total: Number(count.total) }
}
