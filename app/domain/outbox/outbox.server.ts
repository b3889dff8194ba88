import type { Selectable } from 'kysely'
import type { OutboxChannel, OutboxMessageTable } from '#db/tables/notifications.ts'
import { newId, writeJson } from '#db/portable.ts'
import type { WriteTransaction } from '#app/lib/transaction.server.ts'

/** One message to queue: who gets it, which composer builds it, and what it is about. */
export interface QueuedMessage {
  kind: string
  channel: OutboxChannel
  /** An e-mail address, or a push subscription's id. */
  recipient: string
  subjectTable?: string
  subjectId?: string
  /** Queueing a key already in the outbox does nothing: the same message goes out once. */
  dedupeKey: string
  /** Small extra facts the composer needs that are not in the subject's row. */
  data?: Record<string, unknown>
  /** Not sent before this time (a scheduled post, an alert that starts later). */
  deliverAfter?: Date
}

export type OutboxMessage = Selectable<OutboxMessageTable>

/** Rows per INSERT: well under both engines' limits on bound parameters. */
const INSERT_CHUNK = 500

/**
 * Writes messages to the outbox inside the write that causes them, so they
 * commit or roll back with it; the delivery worker sends them after commit.
 * Returns how many were new (duplicates of `dedupeKey` are skipped).
 */
export async function queueMessages(tx: WriteTransaction, messages: readonly QueuedMessage[]): Promise<number> {
  let queued = 0
  for (let start = 0; start < messages.length; start += INSERT_CHUNK) {
    const rows = messages.slice(start, start + INSERT_CHUNK).map((message) => ({
      id: newId(),
      kind: message.kind,
      channel: message.channel,
      recipient: message.recipient,
      subject_table: message.subjectTable ?? null,
      subject_id: message.subjectId ?? null,
      dedupe_key: message.dedupeKey,
      data: message.data ? writeJson(message.data) : null,
      deliver_after: (message.deliverAfter ?? new Date()).toISOString(),
    }))
    const inserted = await tx.db
      .insertInto('outbox_messages')
      .values(rows)
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .returning('id')
      .execute()
    queued += inserted.length
  }
  if (queued) tx.publish({ table: 'outbox_messages', type: 'insert', id: 'queued' })
  return queued
}

/** A mail ready to hand to SMTP. */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on every mail to a subscriber. */
  headers?: Record<string, string>
}

/** A push ready to encrypt and post to the browser's push service. */
export interface OutgoingPush {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
  /** JSON the service worker shows: { title, body, url }. */
  payload: string
  /** Seconds the push service keeps it for an offline phone. */
  ttl: number
  urgency?: 'very-low' | 'low' | 'normal' | 'high'
}

/**
 * What a composer makes of a queued message at delivery time, from the data
 * as it is then: the message, or a reason not to send (the post was
 * unpublished, the family unsubscribed), or a later time to try (the post's
 * publish time moved).
 */
export type Composed =
  | { send: { channel: 'mail'; mail: OutgoingMail } | { channel: 'push'; push: OutgoingPush } }
  | { skip: string }
  | { postponeUntil: Date }

export type Composer = (message: OutboxMessage) => Promise<Composed>

const composers = new Map<string, Composer>()

/** Registers how messages of `kind` are built; the module that queues a kind registers it. */
export function registerComposer(kind: string, composer: Composer) {
  composers.set(kind, composer)
}

export function composerFor(kind: string): Composer | undefined {
  return composers.get(kind)
}

/** A failure that retrying cannot fix (the address does not exist, the push subscription is gone): the message is marked failed at once. */
export class PermanentDeliveryFailure extends Error {
  override name = 'PermanentDeliveryFailure'
}

type PushSender = (push: OutgoingPush) => Promise<void>
let pushSender: PushSender | undefined

/** Set by the push module: how a composed push is encrypted and posted. */
export function registerPushSender(send: PushSender) {
  pushSender = send
}

export function registeredPushSender(): PushSender | undefined {
  return pushSender
}

/** Work the delivery worker runs about once a minute on every instance; it must be idempotent (queue with dedupe keys). */
export type PeriodicTask = (now: Date) => Promise<void>
const periodicTasks = new Set<PeriodicTask>()

/** Registers a task such as queueing the weekly digests when their time has come. */
export function registerPeriodicTask(task: PeriodicTask) {
  periodicTasks.add(task)
}

export function registeredPeriodicTasks(): readonly PeriodicTask[] {
  return [...periodicTasks]
}
