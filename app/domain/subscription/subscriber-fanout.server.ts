import type { WriteTransaction } from '#app/lib/transaction.server.ts'
import type { Announcement } from '#app/domain/outbox/announce.server.ts'

/** Queues one mail per confirmed subscriber who chose this topic. (Filled in by the subscriptions work.) */
export async function queueSubscriberMails(_tx: WriteTransaction, _announcement: Announcement): Promise<number> {
  return Promise.resolve(0)
}
