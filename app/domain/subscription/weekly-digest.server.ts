import { queueMessages } from '#app/domain/outbox/outbox.server.ts'
import { publiclyVisible } from '#app/domain/publishing/visibility.server.ts'
import { db } from '#app/lib/db.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { utcToZonedTime, zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { SUBSCRIPTION_MAIL_KINDS } from './subscription.server.ts'

/** The weekly digest goes out on Fridays at 16:00, school time (docs/product-rules.md#subscriptions). */
export const DIGEST_WEEKDAY = 5
export const DIGEST_TIME = '16:00'
/** After a longer stop, a missed digest is not sent late: its news is old by then. */
const DIGEST_LATEST_MS = 24 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000
/** The outbox rows of one week's digest share this subject, which marks the week as queued. */
const DIGEST_SUBJECT = 'weekly-digest'

function dateAt(day: string, deltaDays: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + deltaDays * DAY_MS).toISOString().slice(0, 10)
}

/** The digest week that ended last at `now`: its key (the Friday's date) and the posts' window (previous Friday 16:00, this Friday 16:00]. */
export function lastDigestWeek(now: Date, timeZone: string): { key: string; from: Date; to: Date } {
  const today = utcToZonedTime(now.toISOString(), timeZone).slice(0, 10)
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay()
  let friday = dateAt(today, -((weekday - DIGEST_WEEKDAY + 7) % 7))
  if (Date.parse(zonedTimeToUtc(`${friday}T${DIGEST_TIME}`, timeZone)) > now.getTime()) friday = dateAt(friday, -7)
  return {
    key: friday,
    from: new Date(zonedTimeToUtc(`${dateAt(friday, -7)}T${DIGEST_TIME}`, timeZone)),
    to: new Date(zonedTimeToUtc(`${friday}T${DIGEST_TIME}`, timeZone)),
  }
}

/** The posts a digest lists: public at `now`, published in the week's window, newest first. */
export function digestPosts(window: { from: Date; to: Date }, now: Date) {
  return db
    .selectFrom('blogs')
    .select(['id', 'title', 'slug', 'excerpt', 'content', 'published_at'])
    .where(publiclyVisible(now))
    .where('published_at', '>', window.from.toISOString())
    .where('published_at', '<=', window.to.toISOString())
    .orderBy('published_at', 'desc')
    .execute()
}

/**
 * The periodic task: once the week's digest time has come, queues one digest
 * per confirmed weekly subscriber, keyed by week and subscriber, so every
 * instance may run it every minute and each family gets one. A week without
 * posts queues nothing.
 */
export async function queueWeeklyDigests(now: Date, timeZone?: string): Promise<number> {
  timeZone ??= await siteTimeZone()
  const week = lastDigestWeek(now, timeZone)
  if (now.getTime() - week.to.getTime() > DIGEST_LATEST_MS) return 0
  const queued = await db.selectFrom('outbox_messages').select('id').where('subject_table', '=', DIGEST_SUBJECT).where('subject_id', '=', week.key).limit(1).executeTakeFirst()
  if (queued) return 0
  if ((await digestPosts(week, now)).length === 0) return 0
  return writeTransaction(async (tx) => {
    const subscribers = await tx.db.selectFrom('subscribers').select(['id', 'email']).where('confirmed_at', 'is not', null).where('news', '=', 'weekly').execute()
    return queueMessages(
      tx,
      subscribers.map((subscriber) => ({
        kind: SUBSCRIPTION_MAIL_KINDS.digest,
        channel: 'mail' as const,
        recipient: subscriber.email,
        subjectTable: DIGEST_SUBJECT,
        subjectId: week.key,
        dedupeKey: `${SUBSCRIPTION_MAIL_KINDS.digest}:${week.key}:${subscriber.id}`,
        data: { subscriberId: subscriber.id, from: week.from.toISOString(), to: week.to.toISOString() },
      })),
    )
  })
}
