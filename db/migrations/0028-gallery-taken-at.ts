import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * When each photo was taken, as its camera's clock read it (EXIF
 * DateTimeOriginal, 'YYYY-MM-DDTHH:MM:SS' without a time zone, so text on
 * both engines): new photos join their album in camera order. Photos stored
 * before have none and keep their places.
 */
export function galleryTakenAt(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('gallery').addColumn('taken_at', 'text').execute()
    },
  }
}
