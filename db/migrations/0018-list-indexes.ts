import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Indexes in the exact order the lists read their rows (newest first, the id
 * or e-mail breaking ties), so a page of a long list is read from the index
 * instead of sorting the whole table: the inbox (all, or read / unread),
 * testimonials, policies, gallery images, subscribers and users. Blog posts,
 * events and pages have theirs already. See docs/product-rules.md#admin-lists.
 */
export function listIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('contact_messages_newest_idx').on('contact_messages').columns(['created_at desc', 'id']).execute()
      await db.schema.createIndex('contact_messages_read_newest_idx').on('contact_messages').columns(['read', 'created_at desc', 'id']).execute()
      // Its column leads the index above, which serves the unread count as well.
      await db.schema.dropIndex('contact_messages_read_idx').execute()
      await db.schema.createIndex('testimonials_newest_idx').on('testimonials').columns(['created_at desc', 'id']).execute()
      await db.schema.createIndex('policies_newest_idx').on('policies').columns(['created_at desc', 'id']).execute()
      await db.schema.createIndex('gallery_newest_idx').on('gallery').columns(['created_at desc', 'id']).execute()
      await db.schema.createIndex('subscribers_newest_idx').on('subscribers').columns(['created_at desc', 'id']).execute()
      await db.schema.createIndex('profiles_newest_idx').on('profiles').columns(['created_at desc', 'email']).execute()
    },
  }
}
