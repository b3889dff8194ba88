import type { Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readNullableTimestamp, readTimestamp } from '#db/portable.ts'
import type { EventTable } from '#db/tables/content.ts'
import type { SchoolEvent } from './event.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export function toSchoolEvent(row: Selectable<EventTable>): SchoolEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startDate: readTimestamp(row.start_date),
    endDate: readNullableTimestamp(row.end_date),
    imageUrl: row.image_url,
  }
}

/** Events that ended (or, without an end, started) at or after `since`, by start date ascending (spec §7 public order). */
export async function listEventsEndingSince(since: Date): Promise<SchoolEvent[]> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
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
