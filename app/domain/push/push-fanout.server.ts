import type { WriteTransaction } from '#app/lib/transaction.server.ts'
import type { Announcement } from '#app/domain/outbox/announce.server.ts'

/** Queues one push per browser subscribed to this topic. (Filled in by the push work.) */
export async function queuePushes(_tx: WriteTransaction, _announcement: Announcement): Promise<number> {
  return Promise.resolve(0)
}
