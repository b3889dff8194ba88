import type { WriteTransaction } from '#app/lib/transaction.server.ts'
import type { Announcement } from '#app/domain/outbox/announce.server.ts'
import { queueMessages } from '#app/domain/outbox/outbox.server.ts'
import type { PushTopic } from './push-subscription.schema.ts'

/** The composer kind of each topic browsers can be pushed about; events go by mail only (docs/product-rules.md#push-notifications). */
export const PUSH_KINDS = { news: 'push-news', alerts: 'push-alert' } as const satisfies Record<PushTopic, string>

function isPushTopic(topic: Announcement['topic']): topic is PushTopic {
  return topic in PUSH_KINDS
}

/**
 * Queues one push per browser subscribed to this topic, each its own outbox
 * row (so each is retried and logged alone) keyed by subscription and
 * subject: announcing the same post or alert again pushes nothing twice.
 */
export async function queuePushes(tx: WriteTransaction, announcement: Announcement): Promise<number> {
  const { topic, subjectTable, subjectId, deliverAfter } = announcement
  if (!isPushTopic(topic)) return 0
  const subscriptions = await tx.db.selectFrom('push_subscriptions').select('id').where(topic, '=', true).execute()
  return queueMessages(
    tx,
    subscriptions.map(({ id }) => ({
      kind: PUSH_KINDS[topic],
      channel: 'push' as const,
      recipient: id,
      subjectTable,
      subjectId,
      dedupeKey: `${PUSH_KINDS[topic]}:${subjectTable}:${subjectId}:${id}`,
      deliverAfter,
    })),
  )
}
