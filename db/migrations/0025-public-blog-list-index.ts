import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The public blog list and the sitemap's posts read the posts a visitor may
 * see (published, their time come) newest first, the id breaking ties, a page
 * at a time. The index of migration 0009 held the state and the publish date
 * only: each page was sorted again on its ties, reading every post it passed
 * over, so the last of 830 pages of ten thousand posts took 16 ms where the
 * first took a tenth of one. This one is in the list's order, so a page far
 * down walks the index alone. It replaces the old one, whose columns it leads;
 * going live (the next post whose time has not come) reads it backwards.
 */
export function publicBlogListIndex(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('blogs_public_newest_idx').on('blogs').columns(['status', 'published_at desc', 'id']).execute()
      await db.schema.dropIndex('blogs_status_published_at_idx').execute()
    },
  }
}
