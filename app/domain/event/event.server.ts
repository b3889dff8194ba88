import type { ExpressionBuilder, Selectable } from 'kysely'
import type { Database } from '#db/database.ts'
import { db } from '#app/lib/db.server.ts'
import { utcToZonedTime, zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { readBool, readJson, readNullableTimestamp, readTimestamp } from '#db/portable.ts'
import type { EventTable } from '#db/tables/content.ts'
import { publishedOnly } from '../publishing/visibility.server.ts'
import type { EventCategory } from './event-category.ts'
import { listEventCategories } from './event-category.server.ts'
import type { SchoolEvent } from './event.ts'
import { nextOccurrences, occurrencesBetween, SERIES_SPAN_MS } from './recurrence.server.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** How far ahead the calendar page lists the occurrences of repeating events. */
export const CALENDAR_LIST_DAYS = 366

type EventRow = Selectable<EventTable>

export function toSchoolEvent(row: EventRow, categories: readonly EventCategory[] = []): SchoolEvent {
  return {
    id: row.id,
    status: row.status,
    slug: row.slug ?? row.id,
    title: row.title,
    description: row.description,
    startDate: readTimestamp(row.start_date),
    endDate: readNullableTimestamp(row.end_date),
    imageUrl: row.image_url,
    allDay: readBool(row.all_day),
    location: row.location,
    mapUrl: row.map_url,
    category: categories.find((category) => category.id === row.category_id) ?? null,
    recurrence: row.recurrence,
    exceptions: row.exceptions === null ? [] : readJson<string[]>(row.exceptions),
  }
}

/** The rows as events, each with its category (the few categories are read once). */
export async function toSchoolEvents(rows: readonly EventRow[]): Promise<SchoolEvent[]> {
  const categories = rows.some((row) => row.category_id !== null) ? await listEventCategories() : []
  return rows.map((row) => toSchoolEvent(row, categories))
}

/**
 * The events with an occurrence that may end at or after `since`: those that end after it, and the series
 * that started recently enough to reach it. Without the bound every series the school ever had is read and
 * worked out on each visit.
 */
export function endingSince(since: Date) {
  return (eb: ExpressionBuilder<Database, 'events'>) =>
    eb.or([
      eb(eb.fn.coalesce('end_date', 'start_date'), '>=', since.toISOString()),
      eb.and([eb('recurrence', 'is not', null), eb(eb.fn.coalesce('end_date', 'start_date'), '>=', new Date(since.getTime() - SERIES_SPAN_MS).toISOString())]),
    ])
}

/**
 * The published events with an occurrence that ended (or, without an end,
 * started) at or after `since`, optionally of one category: the series that
 * may reach it are read, and their occurrences sorted out by the caller.
 */
async function publishedEventsSince(since: Date, categoryId?: string, before?: Date): Promise<SchoolEvent[]> {
  let query = db.selectFrom('events').selectAll().where(publishedOnly()).where(endingSince(since))
  if (categoryId) query = query.where('category_id', '=', categoryId)
  // No date of an event comes before its first: one starting at `before` or later has none in the window.
  if (before) query = query.where('start_date', '<', before.toISOString())
  return toSchoolEvents(await query.orderBy('start_date', 'asc').orderBy('id').execute())
}

/**
 * The published events that ended (or, without an end, started) at or after
 * `since`, by start date ascending, each once (a repeating one with its
 * rule): the calendar feed.
 */
export async function listEventsEndingSince(since: Date, categoryId?: string, timeZone?: string): Promise<SchoolEvent[]> {
  timeZone ??= await siteTimeZone()
  const events = await publishedEventsSince(since, categoryId)
  // The query read single events that end since; a series is current when one of its dates does.
  return events.filter((event) => !event.recurrence || nextOccurrences(event, timeZone, since, 1).length > 0)
}

/**
 * The calendar page's occurrences: those that have not ended more than a
 * day ago (a repeating event's up to a year ahead), the first `limit` of
 * them when given. The day of grace keeps today's events listed in every
 * time zone.
 */
export async function listUpcomingEvents(now = new Date(), { categoryId, timeZone: chosenZone, limit }: { categoryId?: string; timeZone?: string; limit?: number } = {}): Promise<SchoolEvent[]> {
  const timeZone = chosenZone ?? (await siteTimeZone())
  const from = new Date(now.getTime() - DAY_MS)
  const horizon = new Date(now.getTime() + CALENDAR_LIST_DAYS * DAY_MS).toISOString()
  const events = await publishedEventsSince(from, categoryId)
  // A single event is listed however far ahead; a series' dates up to the horizon.
  if (limit === undefined) return occurrencesBetween(events, timeZone, { from, seriesUntil: new Date(horizon) }).filter((occurrence) => !occurrence.recurrence || occurrence.startDate < horizon)
  // The first `limit` dates: series are worked out over a window that grows until it holds them (two weeks, then
  // eight, …), so a year of daily clubs costs the few weeks the list shows. Dates before the window's end are final.
  for (let span = 14 * DAY_MS; ; span *= 4) {
    const until = new Date(Math.min(from.getTime() + span, Date.parse(horizon))).toISOString()
    const dates = occurrencesBetween(events, timeZone, { from, seriesUntil: new Date(until) })
    const settled = dates.filter((occurrence) => occurrence.startDate < until)
    if (settled.length >= limit) return settled.slice(0, limit)
    if (until === horizon) return dates.slice(0, limit)
  }
}

/** The occurrences between two instants (a month of the month view), optionally of one category. */
export async function listOccurrencesBetween(from: Date, to: Date, { categoryId, timeZone: chosenZone }: { categoryId?: string; timeZone?: string } = {}): Promise<SchoolEvent[]> {
  const timeZone = chosenZone ?? (await siteTimeZone())
  const events = await publishedEventsSince(from, categoryId, to)
  return occurrencesBetween(events, timeZone, { from, to })
}

/**
 * The next `count` published occurrences that start today or later, today
 * being the school's day at `now` in `timeZone`, soonest first: the home
 * page's Upcoming Events. An event that began yesterday and is still running
 * is not "upcoming" and is left to the calendar page.
 */
export async function listNextEvents(count: number, timeZone: string, now = new Date()): Promise<SchoolEvent[]> {
  const today = utcToZonedTime(now.toISOString(), timeZone).slice(0, 10)
  const startOfToday = zonedTimeToUtc(`${today}T00:00`, timeZone)
  const [single, repeating] = await Promise.all([
    db.selectFrom('events').selectAll().where(publishedOnly()).where('recurrence', 'is', null).where('start_date', '>=', startOfToday).orderBy('start_date', 'asc').orderBy('id').limit(count).execute(),
    db.selectFrom('events').selectAll().where(publishedOnly()).where('recurrence', 'is not', null).where(endingSince(new Date(startOfToday))).execute(),
  ])
  const events = await toSchoolEvents([...single, ...repeating])
  return occurrencesBetween(events, timeZone, { from: new Date(startOfToday), seriesUntil: new Date(now.getTime() + CALENDAR_LIST_DAYS * DAY_MS), seriesLimit: count })
    .filter((occurrence) => occurrence.startDate >= startOfToday)
    .slice(0, count)
}

/** One event, or null when there is none with this id. */
export async function getEvent(id: string): Promise<SchoolEvent | null> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? (await toSchoolEvents([row]))[0]! : null
}

/** The published event at this address, or null (drafts are not found). */
export async function getPublishedEventBySlug(slug: string): Promise<SchoolEvent | null> {
  const row = await db
    .selectFrom('events')
    .selectAll()
    .where(publishedOnly())
    .where((eb) => eb.or([eb('slug', '=', slug), eb.and([eb('slug', 'is', null), eb('id', '=', slug)])]))
    .executeTakeFirst()
  return row ? (await toSchoolEvents([row]))[0]! : null
}

/** How many published events there are: the sitemap index's count of event sitemaps. */
export async function countPublishedEvents(): Promise<number> {
  const row = await db.selectFrom('events').select((eb) => eb.fn.countAll().as('count')).where(publishedOnly()).executeTakeFirstOrThrow()
  return Number(row.count)
}

/** The addresses of `limit` published events from `offset` on, by start: one event sitemap. */
export async function listPublishedEventSlugs(offset: number, limit: number): Promise<{ slug: string }[]> {
  const rows = await db.selectFrom('events').select(['id', 'slug']).where(publishedOnly()).orderBy('start_date', 'asc').orderBy('id').limit(limit).offset(offset).execute()
  return rows.map((row) => ({ slug: row.slug ?? row.id }))
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
  return { events: await toSchoolEvents(rows), total: Number(count.total) }
}
