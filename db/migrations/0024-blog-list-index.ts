import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The admin blog list reads its posts newest first (the id breaking ties) and,
 * with a search, only those whose title holds the words, counting them per
 * publication state. The index of migration 0001 held the publish date alone:
 * a page was sorted again on its ties, and a search read every post's row
 * (its text with it) twice, once to count and once for the page, about 30 ms
 * at ten thousand posts. This one is in the list's order and holds what the
 * search and the counts look at (state and title), so both read the index and
 * only the page's posts are read whole. It replaces the old one, whose column
 * it leads. See docs/product-rules.md#admin-lists.
 */
export function blogListIndex(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('blogs_newest_idx').on('blogs').columns(['published_at desc', 'id', 'status', 'title']).execute()
      await db.schema.dropIndex('blogs_published_at_idx').execute()
    },
  }
}
