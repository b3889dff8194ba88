import { z } from 'zod'
import { OUTBOX_STATUSES, type OutboxStatus } from '#db/tables/notifications.ts'
import { rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'

export const deliveryActionSchema = z.discriminatedUnion('intent', [z.object({ intent: z.literal('retry'), id: rowId })], { error: UNKNOWN_ACTION })

/** Rows per page of the delivery log. */
export const DELIVERIES_PER_PAGE = 50

/** The log's `?status=` filter: one status, or all when absent or unknown. */
export const DELIVERY_FILTER = { name: 'status', values: ['all', ...OUTBOX_STATUSES], fallback: 'all' } as const

/** How each status reads in the log (docs/product-rules.md#outbox-and-deliveries). */
export const DELIVERY_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
}

/** The texts staff see, as the product rules give them. */
export const DELIVERY_MESSAGES = {
  retried: 'The message will be sent again in a moment',
  notFailed: 'Only a failed message can be sent again',
  empty: 'No mail or notification has been sent yet',
  noneWithStatus: 'No messages with this status',
} as const
