import { sql } from 'kysely'
import type { OutboxChannel, OutboxStatus } from '#db/tables/notifications.ts'
import { OUTBOX_STATUSES } from '#db/tables/notifications.ts'
import { readJson, readNullableTimestamp, readTimestamp } from '#db/portable.ts'
import { db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { containsText } from '#app/lib/text-filter.server.ts'
import { pageOfQuery } from '#app/lib/list-page.server.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { DELIVERIES_PER_PAGE, DELIVERY_MESSAGES } from './deliveries.schema.ts'

/** One line of the delivery log: one message to one recipient. */
export interface Delivery {
  id: string
  kind: string
  channel: OutboxChannel
  recipient: string
  /** The subject or push title as sent; before the first attempt, a prepared mail's own subject; else null. */
  title: string | null
  status: OutboxStatus
  attempts: number
  /** Why it failed, was skipped or is being retried, in the receiving server's words. */
  reason: string | null
  createdAt: string
  /** When it went out, or (waiting) when it is due. */
  sentAt: string | null
  deliverAfter: string
}

export interface DeliveryLog {
  deliveries: Delivery[]
  /** Where the page stands among the messages matching the filter and search. */
  pages: ListPageInfo
  /** Messages per status in the whole outbox, whatever the filter. */
  counts: Record<OutboxStatus, number>
}

/** One page of the log, newest first, optionally of one status and of recipients containing `search`. */
export async function listDeliveries({ status, search = '', page = 1 }: { status?: OutboxStatus; search?: string; page?: number }): Promise<DeliveryLog> {
  let matching = db.selectFrom('outbox_messages')
  if (status) matching = matching.where('status', '=', status)
  if (search) matching = matching.where(containsText(['recipient'], search))
  const [{ rows, pages }, countRows] = await Promise.all([
    pageOfQuery(
      matching
        .select(['id', 'kind', 'channel', 'recipient', 'title', 'data', 'status', 'attempts', 'last_error', 'created_at', 'sent_at', 'deliver_after'])
        .orderBy('created_at', 'desc')
        .orderBy('id'),
      page,
      DELIVERIES_PER_PAGE,
    ),
    db.selectFrom('outbox_messages').select(['status', sql<number>`count(*)`.as('count')]).groupBy('status').execute(),
  ])
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((each) => [each, 0])) as Record<OutboxStatus, number>
  for (const row of countRows) counts[row.status] = Number(row.count)
  return {
    deliveries: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      channel: row.channel,
      recipient: row.recipient,
      title: row.title ?? queuedSubject(row.data),
      status: row.status,
      attempts: row.attempts,
      reason: row.last_error,
      createdAt: readTimestamp(row.created_at),
      sentAt: readNullableTimestamp(row.sent_at),
      deliverAfter: readTimestamp(row.deliver_after),
    })),
    pages,
    counts,
  }
}

function queuedSubject(data: unknown): string | null {
  if (data === null || data === undefined) return null
  const { subject } = readJson(data as Record<string, unknown>) as { subject?: unknown }
  return typeof subject === 'string' ? subject : null
}

/** Puts a failed message back in the queue as if new: due now, its attempts counted afresh. */
export async function retryDelivery(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const result = await tx.db
      .updateTable('outbox_messages')
      .set({ status: 'pending', attempts: 0, deliver_after: new Date().toISOString(), lease_until: null, claimed_by: null, last_error: null })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) throw DomainError.conflict(DELIVERY_MESSAGES.notFailed)
    // Wakes the delivery worker, here and on the other instances.
    tx.publish({ table: 'outbox_messages', type: 'update', id })
  })
}
