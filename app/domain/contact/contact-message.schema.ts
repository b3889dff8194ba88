import { z } from 'zod'
import { rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { officeAddressesSchema } from './office-notifications.schema.ts'

export const contactMessageActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('mark'), id: rowId, read: z.enum(['true', 'false']).transform((value) => value === 'true') }),
    z.object({ intent: z.literal('delete'), id: rowId }),
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
} as const
