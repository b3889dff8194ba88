import { changeFeed } from '#app/lib/changes.server.ts'
import type { ChangeFeed } from '#app/lib/change-feed.server.ts'
import { db } from '#app/lib/db.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { readTimestamp } from '#db/portable.ts'

/** The rows of a table whose time falls after `after` (and up to `until`; without it, the soonest one only). */
type TimedRows = (after: string, until: string | null) => Promise<Array<{ id: string; at: string | Date | null }>>

function publishTimes(table: 'blogs' | 'pages'): TimedRows {
  return (after, until) => {
    const query = db.selectFrom(table).select(['id', 'published_at as at']).where('status', '=', 'published').where('published_at', '>', after)
    return until ? query.where('published_at', '<=', until).execute() : query.orderBy('published_at').limit(1).execute()
  }
}

function alertTimes(column: 'starts_at' | 'ends_at'): TimedRows {
  return (after, until) => {
    const query = db.selectFrom('alerts').select(['id', `${column} as at`]).where(column, '>', after)
    return until ? query.where(column, '<=', until).execute() : query.orderBy(column).limit(1).execute()
  }
}

/**
 * What appears or goes on the public site by time alone: a scheduled post or
 * page at its publish time, an alert at its start and at its end.
 */
const SCHEDULED_MOMENTS = [
  { table: 'blogs', rows: publishTimes('blogs') },
  { table: 'pages', rows: publishTimes('pages') },
  { table: 'alerts', rows: alertTimes('starts_at') },
  { table: 'alerts', rows: alertTimes('ends_at') },
] as const

const SCHEDULED_TABLES = [...new Set(SCHEDULED_MOMENTS.map((moment) => moment.table))]

/** A timer further ahead is re-armed after this long: Node's timers cap near 25 days, and a restart-free month is normal. */
const LONGEST_WAIT_MS = 60 * 60 * 1000

export interface GoLiveAnnouncements {
  stop(): void
}

/**
 * A scheduled post or page goes live by time alone (the public reads compare its
 * publish time with the clock), and an alert shows from its start until its
 * end the same way, so nothing has to run for visitors to see it. Open
 * pages, though, only refresh when the change feed tells them: each
 * instance keeps one timer for the next such time still ahead and, when
 * it passes, announces the rows that went live (or, for alerts, ended) to its own subscribers.
 * Every write to `blogs`, `pages` or `alerts` re-arms the timer, since it may add, move or remove
 * the next time.
 */
export function startGoLiveAnnouncements({ feed = changeFeed, clock = () => new Date() }: { feed?: ChangeFeed; clock?: () => Date } = {}): GoLiveAnnouncements {
  let announcedUpTo = clock()
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  async function nextPublishTime(after: Date): Promise<Date | null> {
    const rows = await Promise.all(SCHEDULED_MOMENTS.map((moment) => moment.rows(after.toISOString(), null)))
    const times = rows.flat().flatMap(({ at }) => (at === null ? [] : [Date.parse(readTimestamp(at))]))
    return times.length ? new Date(Math.min(...times)) : null
  }

  async function announceDue() {
    const now = clock()
    const due = await Promise.all(
      SCHEDULED_MOMENTS.map(async ({ table, rows }) => (await rows(announcedUpTo.toISOString(), now.toISOString())).map(({ id }) => ({ table, id }))),
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

  const unsubscribe = feed.subscribe(SCHEDULED_TABLES, () => void arm().catch(() => {}))
  void arm().catch((error: unknown) => logger.warn({ err: error }, 'publishing: could not look for scheduled posts'))
  return {
    stop() {
      stopped = true
      clearTimeout(timer)
      unsubscribe()
    },
  }
}
