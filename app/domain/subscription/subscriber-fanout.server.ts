import type { Announcement } from '#app/domain/outbox/announce.server.ts'
import { queueMessages } from '#app/domain/outbox/outbox.server.ts'
import type { WriteTransaction } from '#app/lib/transaction.server.ts'
import { SUBSCRIPTION_MAIL_KINDS } from './subscription.server.ts'

const KIND_OF_TOPIC = {
  news: SUBSCRIPTION_MAIL_KINDS.post,
  events: SUBSCRIPTION_MAIL_KINDS.event,
  alerts: SUBSCRIPTION_MAIL_KINDS.alert,
} as const

/**
 * Queues one mail per confirmed subscriber who chose this topic (news: only
 * those who want each post at once; the weekly ones get the digest). The
 * dedupe key is the subscriber and the subject, so announcing the same post
 * again queues nothing new. A scheduled post announced again with another
 * time moves its waiting mails to that time.
 */
export async function queueSubscriberMails(tx: WriteTransaction, announcement: Announcement): Promise<number> {
  const kind = KIND_OF_TOPIC[announcement.topic]
  let query = tx.db.selectFrom('subscribers').select(['id', 'email']).where('confirmed_at', 'is not', null)
  if (announcement.topic === 'news') query = query.where('news', '=', 'instant')
  else query = query.where(announcement.topic, '=', true)
  const subscribers = await query.execute()
  // A scheduled post announced again (its time moved, or published now) moves its mails not yet tried.
  await tx.db
    .updateTable('outbox_messages')
    .set({ deliver_after: (announcement.deliverAfter ?? new Date()).toISOString() })
    .where('kind', '=', kind)
    .where('subject_table', '=', announcement.subjectTable)
    .where('subject_id', '=', announcement.subjectId)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .execute()
  return queueMessages(
    tx,
    subscribers.map((subscriber) => ({
      kind,
      channel: 'mail' as const,
      recipient: subscriber.email,
      subjectTable: announcement.subjectTable,
      subjectId: announcement.subjectId,
      dedupeKey: `${kind}:${announcement.subjectId}:${subscriber.id}`,
      data: { subscriberId: subscriber.id },
      deliverAfter: announcement.deliverAfter,
    })),
  )
}
