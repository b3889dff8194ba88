import os from 'node:os'
import { sql } from 'kysely'
import { readTimestamp } from '#db/portable.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import type { ChangeFeed } from '#app/lib/change-feed.server.ts'
import { database, db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { mailer } from '#app/lib/mail/mail.server.ts'
import { getSchoolName } from '../section/site-shell.server.ts'
import { composerFor, PermanentDeliveryFailure, registeredPeriodicTasks, registeredPushSender, type OutboxMessage } from './outbox.server.ts'
import './composers.server.ts'

/** Rows claimed at once: small enough that a batch is sent well within its lease at the usual rates. */
const BATCH_SIZE = 50
/**
 * How long a claim holds: a worker that dies mid-batch leaves its rows to
 * others after this long. The worker renews it while it works through a batch,
 * and one SMTP exchange gives up sooner (the mailer's socket timeout).
 */
const LEASE_MS = 2 * 60_000
const RENEW_LEASE_AFTER_MS = 30_000
/** Retries wait 1, 2, 4, … minutes, at most 4 hours; the 8th failed attempt gives up. */
const FIRST_RETRY_MS = 60_000
const LONGEST_RETRY_MS = 4 * 60 * 60_000
export const MAX_ATTEMPTS = 8
/** The delivery log keeps sent and skipped messages this long. */
const KEEP_DELIVERED_DAYS = 90
/** last_error is for a person reading the log: one line, this long at most. */
const LONGEST_REASON = 300

const PERIODIC_MS = 60_000
/**
 * The periodic tasks' first run after a start: what they log (a reminder written to a file when no SMTP_URL is
 * set) then follows the start's own output, whose last word is the first administrator's password.
 */
const FIRST_PERIODIC_AFTER_MS = 10_000
/** Looks for due messages even when no event or timer said so: a missed NOTIFY, a clock jump. */
const SAFETY_POLL_MS = 5 * 60_000
/** A due message another instance holds is looked at again after at least this long. */
const SHORTEST_WAIT_MS = 1000
const PRUNE_EVERY_MS = 60 * 60_000

/** Names this process in `claimed_by`, so the log shows which instance sent what. */
export const workerId = `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`

/** Every mail's Message-ID comes from its outbox row: a mail sent twice (after a crash) is recognisably one. */
export function messageIdFor(messageId: string): string {
  return `<${messageId}@${new URL(config.publicUrl).hostname}>`
}

export interface DeliveryOptions {
  /** The time to deliver as of (tests move it forward). */
  now?: Date
  /** At most this many messages in this pass; all due ones when not given. */
  limit?: number
  /** Stops after the message in flight; the rest of the claimed batch goes back to pending. */
  signal?: AbortSignal
}

/**
 * One pass over the outbox: claims due messages a batch at a time, builds
 * each with its kind's composer and sends it, and records the outcome of each
 * message as soon as it is known, so a crash repeats at most the one in
 * flight. Returns how many messages were handled (sent, skipped, postponed,
 * retried later or failed).
 */
export async function deliverDueMessages({ now, limit = Infinity, signal }: DeliveryOptions = {}): Promise<number> {
  let handled = 0
  while (handled < limit && !signal?.aborted) {
    const at = now ?? new Date()
    const wanted = Math.min(BATCH_SIZE, limit - handled)
    const batch = await claimDueMessages(at, wanted)
    let leaseRenewedAt = Date.now()
    for (const [index, message] of batch.entries()) {
      if (signal?.aborted) {
        await releaseClaims(batch.slice(index).map(({ id }) => id))
        return handled
      }
      if (Date.now() - leaseRenewedAt > RENEW_LEASE_AFTER_MS) {
        await renewLease(batch.slice(index).map(({ id }) => id))
        leaseRenewedAt = Date.now()
      }
      await deliverOne(message, now ?? new Date())
      handled++
    }
    if (batch.length < wanted) break
  }
  return handled
}

/**
 * Marks up to `limit` due messages as this worker's: pending ones whose time
 * has come, and ones a crashed worker claimed and never finished. On
 * PostgreSQL SKIP LOCKED lets instances claim side by side without waiting
 * for or taking each other's rows; SQLite has one writer at a time (and one
 * process per file), so the single statement is already exclusive.
 */
async function claimDueMessages(now: Date, limit: number): Promise<OutboxMessage[]> {
  const at = now.toISOString()
  let due = db
    .selectFrom('outbox_messages')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('deliver_after', '<=', at)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', at)]),
      ]),
    )
    .orderBy('deliver_after')
    .limit(limit)
  if (database.engine === 'postgres') due = due.forUpdate().skipLocked()
  const claimed = await db
    .updateTable('outbox_messages')
    .set({
      status: 'sending',
      lease_until: new Date(now.getTime() + LEASE_MS).toISOString(),
      claimed_by: workerId,
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', 'in', due)
    .returningAll()
    .execute()
  return claimed.sort((a, b) => readTimestamp(a.deliver_after).localeCompare(readTimestamp(b.deliver_after)))
}

async function renewLease(ids: string[]) {
  if (!ids.length) return
  await db
    .updateTable('outbox_messages')
    .set({ lease_until: new Date(Date.now() + LEASE_MS).toISOString() })
    .where('id', 'in', ids)
    .where('claimed_by', '=', workerId)
    .where('status', '=', 'sending')
    .execute()
}

/** Claimed but not started (the worker is stopping): back to pending, the attempt not counted. */
async function releaseClaims(ids: string[]) {
  if (!ids.length) return
  await db
    .updateTable('outbox_messages')
    .set({ status: 'pending', lease_until: null, claimed_by: null, attempts: sql<number>`attempts - 1` })
    .where('id', 'in', ids)
    .where('claimed_by', '=', workerId)
    .where('status', '=', 'sending')
    .execute()
}

/** `title`: the subject or push title once composed, kept for the delivery log. */
type Outcome = { title?: string } & (
  | { status: 'sent' }
  | { status: 'skipped'; reason: string }
  | { status: 'postponed'; until: Date }
  | { status: 'failed'; reason: string }
  | { status: 'retry'; reason: string }
)

async function deliverOne(message: OutboxMessage, now: Date): Promise<void> {
  const outcome = await attempt(message)
  let update = db.updateTable('outbox_messages').where('id', '=', message.id)
  if (outcome.title) update = update.set({ title: outcome.title.slice(0, LONGEST_REASON) })
  switch (outcome.status) {
    case 'sent':
      await update.set({ status: 'sent', sent_at: new Date().toISOString(), lease_until: null, last_error: null }).execute()
      return
    case 'skipped':
      await update.set({ status: 'skipped', lease_until: null, last_error: shortReason(outcome.reason) }).execute()
      return
    case 'failed':
      await update.set({ status: 'failed', lease_until: null, last_error: shortReason(outcome.reason) }).execute()
      logger.warn({ outbox: message.id, kind: message.kind, reason: outcome.reason }, 'outbox: a message could not be delivered')
      return
    case 'postponed': {
      // Never at or before the pass's own time, so one pass cannot pick the message up again.
      const later = new Date(Math.max(outcome.until.getTime(), now.getTime() + 1000))
      await update
        .set({ status: 'pending', deliver_after: later.toISOString(), lease_until: null, claimed_by: null, attempts: sql<number>`attempts - 1` })
        .execute()
      return
    }
    case 'retry': {
      if (message.attempts >= MAX_ATTEMPTS) {
        await update.set({ status: 'failed', lease_until: null, last_error: shortReason(`Gave up after ${message.attempts} attempts: ${outcome.reason}`) }).execute()
        logger.warn({ outbox: message.id, kind: message.kind, reason: outcome.reason }, 'outbox: gave up on a message')
        return
      }
      const wait = Math.min(FIRST_RETRY_MS * 2 ** (message.attempts - 1), LONGEST_RETRY_MS)
      await update
        .set({ status: 'pending', deliver_after: new Date(now.getTime() + wait).toISOString(), lease_until: null, claimed_by: null, last_error: shortReason(outcome.reason) })
        .execute()
    }
  }
}

/** Builds the message from the data as it is now and hands it over; only the outcome escapes. */
async function attempt(message: OutboxMessage): Promise<Outcome> {
  const composer = composerFor(message.kind)
  if (!composer) return { status: 'failed', reason: `No composer for messages of kind '${message.kind}'` }
  let title: string | undefined
  try {
    const composed = await composer(message)
    if ('skip' in composed) return { status: 'skipped', reason: composed.skip }
    if ('postponeUntil' in composed) return { status: 'postponed', until: composed.postponeUntil }
    if (composed.send.channel === 'mail') {
      title = composed.send.mail.subject
      // Sent in the school's name unless MAIL_FROM names a sender.
      await mailer.send({ ...composed.send.mail, messageId: messageIdFor(message.id), senderName: await getSchoolName() })
      return { status: 'sent', title }
    }
    title = pushTitle(composed.send.push.payload)
    const pushSender = registeredPushSender()
    if (!pushSender) return { status: 'failed', reason: 'Push notifications are not set up on this server', title }
    await pushSender(composed.send.push)
    return { status: 'sent', title }
  } catch (error) {
    if (error instanceof PermanentDeliveryFailure || isPermanentSmtpRefusal(error)) return { status: 'failed', reason: reasonOf(error), title }
    return { status: 'retry', reason: reasonOf(error), title }
  }
}

function pushTitle(payload: string): string | undefined {
  try {
    const { title } = JSON.parse(payload) as { title?: unknown }
    return typeof title === 'string' ? title : undefined
  } catch {
    return undefined
  }
}

type SmtpError = Error & { responseCode?: number; response?: string; code?: string }

/** A 5xx answer means the server will never take this mail (no such mailbox, refused content); 4xx and lost connections may pass later. */
function isPermanentSmtpRefusal(error: unknown): boolean {
  const code = (error as SmtpError | undefined)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/** The SMTP server's own words when it answered, else the error's message. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const { response } = error as SmtpError
  return typeof response === 'string' && response ? response : error.message
}

function shortReason(reason: string): string {
  const line = reason.replace(/\s+/g, ' ').trim()
  return line.length > LONGEST_REASON ? `${line.slice(0, LONGEST_REASON - 1)}…` : line
}

/** When the next message falls due: the earliest pending time, or a claim that runs out. */
async function nextDueTime(): Promise<Date | null> {
  const [pending, leased] = await Promise.all([
    db.selectFrom('outbox_messages').select('deliver_after as at').where('status', '=', 'pending').orderBy('deliver_after').limit(1).executeTakeFirst(),
    db.selectFrom('outbox_messages').select('lease_until as at').where('status', '=', 'sending').where('lease_until', 'is not', null).orderBy('lease_until').limit(1).executeTakeFirst(),
  ])
  const times = [pending?.at, leased?.at].flatMap((at) => (at ? [Date.parse(readTimestamp(at))] : []))
  return times.length ? new Date(Math.min(...times)) : null
}

/** Forgets sent and skipped messages older than the log keeps; failed ones stay until someone retries or they age out too. */
export async function pruneDeliveryLog(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEEP_DELIVERED_DAYS * 24 * 60 * 60_000).toISOString()
  const result = await db
    .deleteFrom('outbox_messages')
    .where('status', 'in', ['sent', 'skipped'])
    .where('created_at', '<', before)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * On SQLite one process sends from the file (with worker processes, worker 1
 * alone), so whatever it finds claimed at start was claimed by itself or the
 * worker it replaces before a crash: sent again now rather than after the
 * lease (the receiving end sees the same Message-ID if the mail had gone out).
 */
async function reclaimAfterCrash() {
  if (database.engine !== 'sqlite') return
  await db.updateTable('outbox_messages').set({ lease_until: new Date(0).toISOString() }).where('status', '=', 'sending').execute()
}

export interface OutboxWorker {
  /** Finishes the message in flight, puts the rest of its batch back, and stops. */
  stop(): Promise<void>
}

/**
 * Delivers the outbox while the server runs, with no cron: a pass starts when
 * a write queues messages (the change feed, which on PostgreSQL also wakes the
 * other instances), when the next scheduled or retried message falls due (one
 * timer), and every few minutes in case both were missed. About once a
 * minute it runs the periodic tasks (the weekly digest) and, hourly, prunes
 * the delivery log.
 */
export function startOutboxWorker({ feed = changeFeed, firstPeriodicAfterMs = FIRST_PERIODIC_AFTER_MS }: { feed?: ChangeFeed; firstPeriodicAfterMs?: number } = {}): OutboxWorker {
  const stopping = new AbortController()
  let running: Promise<void> | undefined
  let wanted = false
  let dueTimer: NodeJS.Timeout | undefined
  let periodicRun: Promise<void> | undefined
  let prunedAt = 0

  function wake() {
    if (stopping.signal.aborted) return
    wanted = true
    running ??= run().finally(() => {
      running = undefined
      // A wake between the last check and here found `running` still set: it is not lost.
      if (wanted) wake()
    })
  }

  async function run() {
    while (wanted && !stopping.signal.aborted) {
      wanted = false
      try {
        await deliverDueMessages({ signal: stopping.signal })
      } catch (error) {
        logger.error({ err: error }, 'outbox: a delivery pass failed; the next one tries again')
      }
      // A write that queues while the next due time is looked up sets `wanted` again, and the loop
      // makes another pass: otherwise its mail would wait for the safety poll.
      if (!wanted) await arm().catch((error: unknown) => logger.warn({ err: error }, 'outbox: could not look for the next due message'))
    }
  }

  async function arm() {
    clearTimeout(dueTimer)
    if (stopping.signal.aborted) return
    const next = await nextDueTime()
    if (!next || stopping.signal.aborted) return
    const wait = Math.min(Math.max(SHORTEST_WAIT_MS, next.getTime() - Date.now()), SAFETY_POLL_MS)
    clearTimeout(dueTimer)
    dueTimer = setTimeout(wake, wait).unref()
  }

  async function periodic() {
    const now = new Date()
    for (const task of registeredPeriodicTasks()) {
      try {
        await task(now)
      } catch (error) {
        logger.error({ err: error }, 'outbox: a periodic task failed; it runs again in a minute')
      }
    }
    if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now.getTime()
      const pruned = await pruneDeliveryLog(now).catch((error: unknown) => {
        logger.warn({ err: error }, 'outbox: could not prune the delivery log')
        return 0
      })
      if (pruned) logger.info(`outbox: removed ${pruned} delivered messages older than ${KEEP_DELIVERED_DAYS} days from the log`)
    }
  }

  function runPeriodic() {
    if (stopping.signal.aborted || periodicRun) return
    periodicRun = periodic().finally(() => (periodicRun = undefined))
  }

  const unsubscribe = feed.subscribe(['outbox_messages'], wake)
  const periodicTimer = setInterval(runPeriodic, PERIODIC_MS).unref()
  const firstPeriodic = setTimeout(runPeriodic, firstPeriodicAfterMs).unref()
  const safetyTimer = setInterval(wake, SAFETY_POLL_MS).unref()
  void reclaimAfterCrash()
    .catch((error: unknown) => logger.warn({ err: error }, 'outbox: could not take back the messages of before a restart'))
    .finally(wake)

  return {
    async stop() {
      stopping.abort()
      unsubscribe()
      clearTimeout(dueTimer)
      clearInterval(periodicTimer)
      clearTimeout(firstPeriodic)
      clearInterval(safetyTimer)
      await Promise.all([running, periodicRun])
    },
  }
}
