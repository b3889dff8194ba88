import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'

/** `/files/{bucket}/{key}` addresses inside any text: a JSON section, a post's HTML. */
const STORED_FILE = /\/files\/[a-z]+\/[A-Za-z0-9._\-/]+/g

/** Stored images only: not documents, and not the width copies (`.w480.webp`) that belong to an image. */
const IMAGE_FILE = /\.(webp|png|jpe?g|gif|avif)$/
const WIDTH_COPY = /\.w\d+\.webp$/

function storedImagesIn(value: unknown): string[] {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '')
  return (text.match(STORED_FILE) ?? []).filter((url) => IMAGE_FILE.test(url) && !WIDTH_COPY.test(url))
}

/**
 * The media library (docs/decisions/015-media-library.md): the images the
 * site uses outside the gallery (logos, hero slides, covers, inline images)
 * each get a row with their description (alt text) or the mark that they
 * are decorative, and a focal point for crops. Gallery photos get the same
 * three. Images the image picker placed (in sections, in posts' text, in
 * themes) and that are not gallery photos become media rows. A post's cover
 * and an event's uploaded image still belong to their item, which deletes
 * them with it.
 */
export function mediaLibrary(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('media')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('url', 'text', (c) => c.notNull().unique())
        .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('decorative', t.boolean, (c) => c.notNull().defaultTo(t.bool(false)))
        .addColumn('focal_x', 'real', (c) => c.notNull().defaultTo(0.5))
        .addColumn('focal_y', 'real', (c) => c.notNull().defaultTo(0.5))
        .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      await db.schema.createIndex('media_created_at_idx').on('media').column('created_at').execute()
      await db.schema.alterTable('gallery').addColumn('alt', 'text', (c) => c.notNull().defaultTo('')).execute()
      await db.schema.alterTable('gallery').addColumn('decorative', t.boolean, (c) => c.notNull().defaultTo(t.bool(false))).execute()
      await db.schema.alterTable('gallery').addColumn('focal_x', 'real', (c) => c.notNull().defaultTo(0.5)).execute()
      await db.schema.alterTable('gallery').addColumn('focal_y', 'real', (c) => c.notNull().defaultTo(0.5)).execute()
      // A post's cover belongs to the post (it goes with it), so its description is the post's too.
      await db.schema.alterTable('blogs').addColumn('cover_alt', 'text', (c) => c.notNull().defaultTo('')).execute()
      await db.schema.alterTable('blogs').addColumn('cover_decorative', t.boolean, (c) => c.notNull().defaultTo(t.bool(false))).execute()
      await db.schema.alterTable('blogs').addColumn('cover_focal_x', 'real', (c) => c.notNull().defaultTo(0.5)).execute()
      await db.schema.alterTable('blogs').addColumn('cover_focal_y', 'real', (c) => c.notNull().defaultTo(0.5)).execute()

      const used = new Set<string>()
      for (const query of [
        sql<{ value: unknown }>`select content as value from sections`,
        sql<{ value: unknown }>`select content as value from blogs`,
        sql<{ value: unknown }>`select section_styles as value from themes`,
      ]) {
        for (const row of (await query.execute(db)).rows) for (const url of storedImagesIn(row.value)) used.add(url)
      }
      const inGallery = new Set((await sql<{ url: string }>`select image_url as url from gallery`.execute(db)).rows.map((row) => row.url))
      for (const url of [...used].filter((url) => !inGallery.has(url)).sort()) {
        const fileName = url.slice(url.lastIndexOf('/') + 1)
        await sql`insert into media (id, url, file_name) values (${crypto.randomUUID()}, ${url}, ${fileName})`.execute(db)
      }
    },
  }
}
