import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'

/** 'Year 6 Trip' → 'year-6-trip', as app/domain/gallery/gallery.schema.ts makes album slugs. */
function slugOf(name: string) {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'album'
  )
}

/**
 * Gallery folders become albums (docs/product-rules.md#gallery): an address
 * of their own (`/gallery/{slug}`), a description, a chosen cover photo and
 * the time they were made; each photo gets its place in its album.
 * Existing folders keep what they show: the slug is made from the name, and
 * the photos keep today's order (newest first) as their positions.
 */
export function galleryAlbums(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('gallery_folders').addColumn('slug', 'text').execute()
      await db.schema.alterTable('gallery_folders').addColumn('description', 'text', (c) => c.notNull().defaultTo('')).execute()
      await db.schema.alterTable('gallery_folders').addColumn('cover_image_id', 'text').execute()
      // SQLite adds columns only with constant defaults: the rows there now get the migration's time below.
      await db.schema.alterTable('gallery_folders').addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo('1970-01-01T00:00:00.000Z')).execute()
      await db.schema.alterTable('gallery').addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)).execute()

      const now = new Date().toISOString()
      const folders = await sql<{ id: string; name: string }>`select id, name from gallery_folders order by name, id`.execute(db)
      const taken = new Set<string>()
      for (const folder of folders.rows) {
        const base = slugOf(folder.name)
        let slug = base
        for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
        taken.add(slug)
        await sql`update gallery_folders set slug = ${slug}, created_at = ${now} where id = ${folder.id}`.execute(db)
      }
      await db.schema.createIndex('gallery_folders_slug_idx').on('gallery_folders').column('slug').unique().execute()

      const images = await sql<{ id: string; folder: string }>`select id, folder from gallery order by created_at desc, id`.execute(db)
      const next = new Map<string, number>()
      for (const image of images.rows) {
        const position = next.get(image.folder) ?? 0
        next.set(image.folder, position + 1)
        await sql`update gallery set position = ${position} where id = ${image.id}`.execute(db)
      }
      await db.schema.createIndex('gallery_folder_position_idx').on('gallery').columns(['folder', 'position']).execute()
    },
  }
}
