import { z } from 'zod'
import { bulkIds, countOf } from '#app/lib/list-params.ts'
import { rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { officeAddressesSchema } from './office-notifications.schema.ts'

export const contactMessageActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('mark'), id: rowId, read: z.enum(['true', 'false']).transform((value) => value === 'true') }),
    z.object({ intent: z.literal('delete'), id: rowId }),
    z.object({ intent: z.enum(['mark-read', 'mark-unread', 'delete-selected']), ids: bulkIds }),
    z.object({ intent: z.literal('mark-all-read') }),
    officeAddressesSchema,
  ],
  { error: UNKNOWN_ACTION },
)

/** The texts staff see, as the product rules give them (docs/product-rules.md#messages). */
export const CONTACT_ADMIN_MESSAGES = {
  statusUpdated: 'Message status updated',
  statusFailed: 'Failed to update message status',
  deleted: 'Message deleted',
  deleteFailed: 'Failed to delete message',
  empty: 'No messages yet',
  confirmDelete: 'This action cannot be undone. The message will be permanently deleted.',
  markedRead: (count: number) => `${countOf(count, 'message')} marked read`,
  markedUnread: (count: number) => `${countOf(count, 'message')} marked unread`,
  deletedMany: (count: number) => `${countOf(count, 'message')} deleted`,
  noneUnread: 'There are no unread messages',
} as const

/** The list's `?show=` filter (docs/product-rules.md#contact-form). */
export const CONTACT_FILTER = { values: ['all', 'unread', 'read'], fallback: 'all' } as const
export type ContactMessageFilter = (typeof CONTACT_FILTER.values)[number]
