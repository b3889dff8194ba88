import type { WriteTransaction } from '#app/lib/transaction.server.ts'
import { queuePushes } from '#app/domain/push/push-fanout.server.ts'
import { queueSubscriberMails } from '#app/domain/subscription/subscriber-fanout.server.ts'

export type AnnouncementTopic = 'news' | 'events' | 'alerts'

/** Something families may be told of: a post published, an event added, an alert starting. */
export interface Announcement {
  topic: AnnouncementTopic
  subjectTable: 'blogs' | 'events' | 'alerts'
  subjectId: string
  /** When it becomes public: a scheduled post's publish time, an alert's start. */
  deliverAfter?: Date
}

/**
 * Queues, in the write that makes it happen, a mail to each confirmed
 * subscriber and a push to each browser that asked for this topic. Queueing
 * is idempotent per recipient and subject, so announcing again (a post edited
 * after publishing) sends nothing twice.
 */
export async function announce(tx: WriteTransaction, announcement: Announcement): Promise<void> {
  await queueSubscriberMails(tx, announcement)
  await queuePushes(tx, announcement)
}
