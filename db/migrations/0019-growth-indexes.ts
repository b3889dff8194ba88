import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * A search reads, for every document that has the words, whether a visitor
 * may see it (status, visible from) and its date (the order's tie-break).
 * Without this index SQLite reads each whole row for that, through the pages
 * of its long body; with it the check is read from the index alone, so a
 * search that matches ten thousand posts costs the index, not the posts. See
 * docs/product-rules.md#site-search.
 */
export function growthIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('search_index_visible_idx').on('search_index').columns(['subject', 'subject_id', 'status', 'visible_from', 'shown_at']).execute()
    },
  }
}
