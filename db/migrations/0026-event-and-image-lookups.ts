import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Two lookups every visit to the home page makes read every row of their table, which a school's years fill
 * (20,000 photos, 5,000 events); with these they read what they find:
 * - an image's description by its address (the home page's images, any page's): the gallery had no index on it;
 * - the repeating events still running (the home page's Upcoming Events): a partial index of the series alone.
 * On the bench's large set the two took 3.4 ms of each uncached home page (docs/decisions/034).
 */
export function eventAndImageLookups(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('gallery_image_url_idx').on('gallery').column('image_url').execute()
      await db.schema.createIndex('events_series_idx').on('events').column('status').where(sql.ref('recurrence'), 'is not', null).execute()
    },
  }
}
