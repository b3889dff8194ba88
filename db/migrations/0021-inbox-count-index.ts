import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The inbox shows how many messages it holds on every visit (its All tab).
 * A count of the whole table reads its smallest index; the smallest was the
 * one of the text ids, several times this one's size, and counting fifty
 * thousand messages took longer than the rest of the page's queries together.
 * The read state alone makes that count a short walk (and holds the unread
 * range too). See docs/product-rules.md#contact-form.
 */
export function inboxCountIndex(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('contact_messages_count_idx').on('contact_messages').column('read').execute()
    },
  }
}
