import { sql, type Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readBool, readTimestamp } from '#db/portable.ts'
import type { GalleryFolderTable, GalleryImageTable } from '#db/tables/content.ts'
import { DEFAULT_FOLDER, type AdminGalleryFolder, type GalleryFolder, type GalleryImage, type PublicAlbum } from './gallery.schema.ts'

export interface PublicGallery {
  images: GalleryImage[]
  /** Every visible folder by name, with its image count (possibly 0). */
  folders: { name: string; count: number }[]
  /** The published albums with photos, by name, each with its cover. */
  albums: PublicAlbum[]
}

type GalleryImageRow = Pick<
  Selectable<GalleryImageTable>,
  'id' | 'title' | 'image_url' | 'folder' | 'alt' | 'decorative' | 'focal_x' | 'focal_y' | 'position' | 'created_at'
>

export function toGalleryImage(row: GalleryImageRow): GalleryImage {
  return {
    id: row.id,
    title: row.title,
    imageUrl: row.image_url,
    folder: row.folder,
    alt: row.alt,
    decorative: readBool(row.decorative),
    focal: { x: row.focal_x, y: row.focal_y },
    position: row.position,
    createdAt: readTimestamp(row.created_at),
  }
}

export function toGalleryFolder(row: Selectable<GalleryFolderTable>): GalleryFolder {
  return {
    id: row.id,
    name: row.name,
    externalUse: readBool(row.external_use),
    enabled: readBool(row.enabled),
    slug: row.slug,
    description: row.description,
    coverImageId: row.cover_image_id,
    createdAt: readTimestamp(row.created_at),
  }
}

/** An image's album: its folder, and 'general' when that is empty. */
const folderOf = sql<string>`coalesce(nullif(${sql.ref('gallery.folder')}, ''), ${DEFAULT_FOLDER})`

/** The images visitors may see: those of published albums (docs/product-rules.md#gallery). */
function visibleImages() {
  return db
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
      'gallery.position',
      'gallery.created_at',
      folderOf.as('folder'),
    ])
}

/** An album's card: the chosen cover while it is still one of the album's photos, else the album's first photo. */
function toPublicAlbum(folder: GalleryFolder, photos: readonly GalleryImage[]): PublicAlbum {
  const cover = photos.find((photo) => photo.id === folder.coverImageId) ?? photos[0]
  return {
    name: folder.name,
    slug: folder.slug,
    description: folder.description,
    count: photos.length,
    cover: cover ? { imageUrl: cover.imageUrl, alt: cover.alt, title: cover.title, focal: cover.focal } : null,
  }
}

/** In an album: by place, then newest first (photos that share a place). */
function byPlace(a: GalleryImage, b: GalleryImage) {
  return a.position - b.position || b.createdAt.localeCompare(a.createdAt)
}

/**
 * Only images whose folder is a gallery_folders row with external_use and
 * enabled; an empty folder name counts as 'general'. Newest first. The
 * albums (published, with at least one photo) come by name with their covers.
 */
export async function getPublicGallery(): Promise<PublicGallery> {
  const [visibleFolders, rows] = await Promise.all([
    db.selectFrom('gallery_folders').selectAll().where('external_use', '=', true).where('enabled', '=', true).orderBy('name').execute(),
    visibleImages().orderBy('gallery.created_at', 'desc').execute(),
  ])
  const images = rows.map(toGalleryImage)
  const folders = visibleFolders.map(({ name }) => ({
    name,
    count: images.filter((image) => image.folder === name).length,
  }))
  const albums = visibleFolders
    .map((row) => toPublicAlbum(toGalleryFolder(row), images.filter((image) => image.folder === row.name).sort(byPlace)))
    .filter((album) => album.count > 0)
  return { images, folders, albums }
}

/** A published album with its photos in their order, or null when there is none at this address or it is not published. */
export async function getPublicAlbum(slug: string): Promise<{ album: PublicAlbum; images: GalleryImage[] } | null> {
  const row = await db.selectFrom('gallery_folders').selectAll().where('slug', '=', slug).where('external_use', '=', true).where('enabled', '=', true).executeTakeFirst()
  if (!row) return null
  const images = (await visibleImages().where('gallery_folders.id', '=', row.id).execute()).map(toGalleryImage).sort(byPlace)
  return { album: toPublicAlbum(toGalleryFolder(row), images), images }
}

/** The addresses of the published albums with photos, for the sitemap. */
export async function listPublicAlbumSlugs(): Promise<string[]> {
  const rows = await db
    .selectFrom('gallery_folders')
    .select('slug')
    .where('external_use', '=', true)
    .where('enabled', '=', true)
    .where((eb) => eb.exists(eb.selectFrom('gallery').select('gallery.id').where(folderOf, '=', eb.ref('gallery_folders.name'))))
    .orderBy('slug')
    .execute()
  return rows.map((row) => row.slug)
}

/**
 * The folder the admin screen lists an image under: its own when that is a
 * folder row, else 'general' (an empty folder, or a deleted one's images
 * waiting to be reassigned), as `listAdminGallery` counts them.
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
