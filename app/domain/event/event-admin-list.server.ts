import { db } from '#app/lib/db.server.ts'
import { pageOfQuery, requireExistingIds } from '#app/lib/list-page.server.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'
import { containsText } from '#app/lib/text-filter.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { deleteEvent } from './event-admin.server.ts'
import type { EventListFilter } from './event-admin-list.ts'
import { toSchoolEvents } from './event.server.ts'
import type { SchoolEvent } from './event.ts'

/**
 * One page of the admin events list. Upcoming: not yet ended (an event
 * without an end ends as it starts), soonest first, so this week's events
 * open the list; past: the most recent first; all: latest start first. The
 * counts are of the events matching the search.
 */
export async function listEventsForAdminPage({
  search = '',
  filter = 'upcoming',
  page = 1,
  now = new Date(),
}: { search?: string; filter?: EventListFilter; page?: number; now?: Date } = {}): Promise<{ events: SchoolEvent[]; pages: ListPageInfo; counts: Record<EventListFilter, number> }> {
  let searched = db.selectFrom('events')
  if (search) searched = searched.where(containsText(['title'], search))
  const instant = now.toISOString()
  // A repeating event stays under Upcoming while it has a rule: its last date is worked out from the rule, not stored.
  const shown =
    filter === 'upcoming'
      ? searched.where((eb) => eb.or([eb(eb.fn.coalesce('end_date', 'start_date'), '>=', instant), eb('recurrence', 'is not', null)])).selectAll().orderBy('start_date', 'asc')
      : filter === 'past'
        ? searched.where((eb) => eb.and([eb(eb.fn.coalesce('end_date', 'start_date'), '<', instant), eb('recurrence', 'is', null)])).selectAll().orderBy('start_date', 'desc')
        : searched.selectAll().orderBy('start_date', 'desc')
  const counted = await searched
    .select((eb) => [
      eb.fn.countAll<number | string>().as('all'),
      eb.fn
        .sum<number | string>(
          eb
            .case()
            .when(eb.or([eb(eb.fn.coalesce('end_date', 'start_date'), '>=', instant), eb('recurrence', 'is not', null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('upcoming'),
    ])
    .executeTakeFirstOrThrow()
  const all = Number(counted.all)
  const upcoming = Number(counted.upcoming ?? 0)
  const counts = { upcoming, past: all - upcoming, all }
  // The filter's count is the page's total: no second pass over every event to count it again.
  const { rows, pages } = await pageOfQuery(shown.orderBy('id'), page, undefined, counts[filter])
  return { events: await toSchoolEvents(rows), pages, counts }
}

/** Deletes the selected events in one write, each as a single delete does (its uploaded image goes after the commit). */
export async function deleteEvents(ids: readonly string[]): Promise<number> {
  return writeTransaction(async (tx) => {
    await requireExistingIds(tx, 'events', ids)
    for (const id of ids) await deleteEvent(id)
    return ids.length
  })
}
