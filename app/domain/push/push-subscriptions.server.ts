import { claimVisitorSlot } from '#app/domain/contact/anonymous-form.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { newId } from '#db/portable.ts'
import { PUSH_MESSAGES, pushSubscriptionSchema, pushUnsubscribeSchema } from './push-subscription.schema.ts'

/** Subscribing, changing topics and unsubscribing, per address group: a school's network shared by many families still fits. */
export const PUSH_REQUEST_WINDOW = { ms: 10 * 60_000, max: 30 }

/** Counted with the anonymous forms' visitor counts (a keyed hash of the address group); no spacing, only the window. */
function countRequest(tx: WriteTransaction, clientAddress: string, now: Date) {
  return claimVisitorSlot(tx, {
    purpose: 'push',
    clientAddress,
    now,
    limits: { spacingMs: 0, window: PUSH_REQUEST_WINDOW },
    tooSoon: PUSH_MESSAGES.tooMany,
    retryAfterSeconds: PUSH_REQUEST_WINDOW.ms / 1000,
  })
}

function refusal(error: { issues: { message: string }[] }) {
  return DomainError.invalid(error.issues[0]?.message ?? PUSH_MESSAGES.invalid)
}

/**
 * Stores a browser's push subscription with its topics, or updates the one
 * with the same endpoint (the browser asked again, or changed its topics).
 * Returns the subscription's id.
 */
export async function savePushSubscription(input: unknown, clientAddress: string, now = new Date()): Promise<string> {
  const parsed = pushSubscriptionSchema.safeParse(input)
  if (!parsed.success) throw refusal(parsed.error)
  const { endpoint, keys, topics } = parsed.data
  const choices = { p256dh: keys.p256dh, auth: keys.auth, news: topics.includes('news'), alerts: topics.includes('alerts') }
  return writeTransaction(async (tx) => {
    await countRequest(tx, clientAddress, now)
    const saved = await tx.db
      .insertInto('push_subscriptions')
      .values({ id: newId(), endpoint, ...choices, created_at: now.toISOString() })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet(choices))
      .returning('id')
      .executeTakeFirstOrThrow()
    tx.publish({ table: 'push_subscriptions', type: 'update', id: saved.id })
    return saved.id
  })
}

/** Forgets the subscription with this endpoint (the browser turned notifications off); nothing to forget is no error. */
export async function deletePushSubscription(input: unknown, clientAddress: string, now = new Date()): Promise<void> {
  const parsed = pushUnsubscribeSchema.safeParse(input)
  if (!parsed.success) throw refusal(parsed.error)
  await writeTransaction(async (tx) => {
    await countRequest(tx, clientAddress, now)
    await forgetEndpoint(tx, parsed.data.endpoint)
  })
}

/** Deletes a subscription by endpoint: the browser's wish, or the push service saying it is gone. */
export async function forgetEndpoint(tx: WriteTransaction, endpoint: string) {
  const gone = await tx.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).returning('id').execute()
  for (const { id } of gone) tx.publish({ table: 'push_subscriptions', type: 'delete', id })
}
