import { changeFeed } from '#app/lib/changes.server.ts'
import type { ChangeFeed } from '#app/lib/change-feed.server.ts'
import { db } from '#app/lib/db.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { readTimestamp } from '#db/portable.ts'

/** The tables whose items are scheduled: each goes live by time alone. */
const SCHEDULED_TABLES = ['blogs', 'pages'] as const

/** A timer further ahead is re-armed after this long: Node's timers cap near 25 days, and a restart-free month is normal. */
const LONGEST_WAIT_MS = 60 * 60 * 1000

export interface GoLiveAnnouncements {
  stop(): void
}

/**
 * A scheduled post or page goes live by time alone (the public reads compare its
 * publish time with the clock), so nothing has to run for visitors to see
 * it. Open pages, though, only refresh when the change feed tells them: each
 * instance keeps one timer for the next publish time still ahead and, when
 * it passes, announces the posts that went live to its own subscribers.
 * Every write to `blogs` or `pages` re-arms the timer, since it may add, move or remove
 * the next time.
 */
export function startGoLiveAnnouncements({ feed = changeFeed, clock = () => new Date() }: { feed?: ChangeFeed; clock?: () => Date } = {}): GoLiveAnnouncements {
  let announcedUpTo = clock()
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  async function nextPublishTime(after: Date): Promise<Date | null> {
    const rows = await Promise.all(
      SCHEDULED_TABLES.map((table) =>
        db
          .selectFrom(table)
          .select('published_at')
          .where('status', '=', 'published')
          .where('published_at', '>', after.toISOString())
          .orderBy('published_at')
          .limit(1)
          .executeTakeFirst(),
      ),
    )
    const times = rows.flatMap((row) => (row ? [Date.parse(readTimestamp(row.published_at))] : []))
    return times.length ? new Date(Math.min(...times)) : null
  }

  async function announceDue() {
    const now = clock()
    const due = await Promise.all(
      SCHEDULED_TABLES.map(async (table) => {
        const rows = await db
          .selectFrom(table)
          .select('id')
          .where('status', '=', 'published')
          .where('published_at', '>', announcedUpTo.toISOString())
          .where('published_at', '<=', now.toISOString())
          .execute()
        return rows.map(({ id }) => ({ table, id }))
      }),
    )
    announcedUpTo = now
    for (const { table, id } of due.flat()) feed.announceLocally({ table, type: 'update', id })
  }

  async function arm() {
    clearTimeout(timer)
    if (stopped) return
    const next = await nextPublishTime(announcedUpTo)
    if (stopped || !next) return
    const wait = Math.min(Math.max(0, next.getTime() - clock().getTime()), LONGEST_WAIT_MS)
    clearTimeout(timer)
    timer = setTimeout(() => void tick(), wait).unref()
  }

  async function tick() {
    try {
      await announceDue()
    } catch (error) {
      logger.warn({ err: error }, 'publishing: could not announce the posts that went live; the next write or restart will')
    }
    await arm().catch(() => {})
  }

  const unsubscribe = feed.subscribe([...SCHEDULED_TABLES], () => void arm().catch(() => {}))
  void arm().catch((error: unknown) => logger.warn({ err: error }, 'publishing: could not look for scheduled posts'))
  return {
    stop() {
      stopped = true
      clearTimeout(timer)
      unsubscribe()
    },
  }
}
