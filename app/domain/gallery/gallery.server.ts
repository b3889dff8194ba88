import { sql, type Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readBool, readTimestamp } from '#db/portable.ts'
import type { GalleryFolderTable, GalleryImageTable } from '#db/tables/content.ts'
import { DEFAULT_FOLDER, type AdminGalleryFolder, type GalleryFolder, type GalleryImage } from './gallery.schema.ts'

export interface PublicGallery {
  images: GalleryImage[]
  /** Every visible folder by name, with its image count (possibly 0). */
  folders: { name: string; count: number }[]
}

type GalleryImageRow = Pick<Selectable<GalleryImageTable>, 'id' | 'title' | 'image_url' | 'folder' | 'alt' | 'decorative' | 'focal_x' | 'focal_y' | 'created_at'>

export function toGalleryImage(row: GalleryImageRow): GalleryImage {
  return {
    id: row.id,
    title: row.title,
    imageUrl: row.image_url,
    folder: row.folder,
    alt: row.alt,
    decorative: readBool(row.decorative),
    focal: { x: row.focal_x, y: row.focal_y },
    createdAt: readTimestamp(row.created_at),
  }
}

export function toGalleryFolder(row: Selectable<GalleryFolderTable>): GalleryFolder {
  return { id: row.id, name: row.name, externalUse: readBool(row.external_use), enabled: readBool(row.enabled) }
}

/**
 * Only images whose folder is a gallery_folders row with external_use and
 * enabled; an empty folder name counts as 'general'. Newest first.
 */
export async function getPublicGallery(): Promise<PublicGallery> {
  const visibleFolders = await db
    .selectFrom('gallery_folders')
    .select('name')
    .where('external_use', '=', true)
    .where('enabled', '=', true)
    .orderBy('name')
    .execute()
  const folderOf = sql<string>`coalesce(nullif(${sql.ref('gallery.folder')}, ''), ${DEFAULT_FOLDER})`
  const rows = await db
    .selectFrom('gallery')
    .innerJoin('gallery_folders', (join) => join.on('gallery_folders.name', '=', folderOf))
    .where('gallery_folders.external_use', '=', true)
    .where('gallery_folders.enabled', '=', true)
    .select([
      'gallery.id',
      'gallery.title',
      'gallery.image_url',
      'gallery.alt',
      'gallery.decorative',
      'gallery.focal_x',
      'gallery.focal_y',
      'gallery.created_at',
      folderOf.as('folder'),
    ])
    .orderBy('gallery.created_at', 'desc')
    .execute()
  const images = rows.map(toGalleryImage)
  const folders = visibleFolders.map(({ name }) => ({
    name,
    count: images.filter((image) => image.folder === name).length,
  }))
  return { images, folders }
}

/**
 * The folder the admin screen lists an image under: its own when that is a
 * folder row, else 'general' (an empty folder, or a deleted one's images
 * waiting to be reassigned), as `getAdminGallery` does.
 */
const listedUnder = sql<string>`coalesce((select ${sql.ref('listed.name')} from ${sql.table('gallery_folders')} as ${sql.id('listed')} where ${sql.ref('listed.name')} = ${sql.ref('gallery.folder')}), ${DEFAULT_FOLDER})`

/** A page of the images, newest first as the admin screen shows them, optionally only those listed under one folder. */
export async function listGalleryImagesPage(query: { limit: number; offset: number; folder?: string }): Promise<{ images: GalleryImage[]; total: number }> {
  const filtered = query.folder === undefined ? db.selectFrom('gallery') : db.selectFrom('gallery').where(listedUnder, '=', query.folder)
  const [rows, count] = await Promise.all([
    filtered.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(query.limit).offset(query.offset).execute(),
    filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { images: rows.map(toGalleryImage), total: Number(count.total) }
}

/** One image, or null when there is none with this id. */
export async function getGalleryImage(id: string): Promise<GalleryImage | null> {
  const row = await db.selectFrom('gallery').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toGalleryImage(row) : null
}

/** Each folder with the number of images the admin screen lists under it. */
function foldersWithCounts() {
  return db
    .selectFrom('gallery_folders')
    .selectAll()
    .select((eb) => eb.selectFrom('gallery').select((count) => count.fn.countAll().as('count')).where(listedUnder, '=', eb.ref('gallery_folders.name')).as('count'))
}

function toAdminGalleryFolder(row: Selectable<GalleryFolderTable> & { count: string | number | bigint | null }): AdminGalleryFolder {
  return { ...toGalleryFolder(row), count: Number(row.count ?? 0) }
}

/** A page of the folders, by name as the admin screen shows them, each with its image count. */
export async function listGalleryFoldersPage(query: { limit: number; offset: number }): Promise<{ folders: AdminGalleryFolder[]; total: number }> {
  const [rows, count] = await Promise.all([
    foldersWithCounts().orderBy('name').orderBy('id').limit(query.limit).offset(query.offset).execute(),
    db.selectFrom('gallery_folders').select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { folders: rows.map(toAdminGalleryFolder), total: Number(count.total) }
}

/** One folder with its image count, or null when there is none with this id. */
export async function getGalleryFolder(id: string): Promise<AdminGalleryFolder | null> {
  const row = await foldersWithCounts().where('gallery_folders.id', '=', id).executeTakeFirst()
  return row ? toAdminGalleryFolder(row) : null
}
