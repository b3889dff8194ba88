import { sql, type Selectable, type SelectQueryBuilder } from 'kysely'
import type { Database } from '#db/database.ts'
import { db } from '#app/lib/db.server.ts'
import { pageOfQuery } from '#app/lib/list-page.server.ts'
import { GRID_PAGE_SIZE, type ListPageInfo } from '#app/lib/list-params.ts'
import { readBool, readTimestamp } from '#db/portable.ts'
import type { GalleryFolderTable, GalleryImageTable } from '#db/tables/content.ts'
import { DEFAULT_FOLDER, type AdminGalleryFolder, type GalleryFolder, type GalleryImage, type PublicAlbum } from './gallery.schema.ts'

/** Photos on one page of /gallery or of an album: however many a school keeps, a page stays light on a phone. */
export const PUBLIC_GALLERY_PAGE_SIZE = GRID_PAGE_SIZE

/**
 * Album cards on the first page of /gallery: a year's trips and events, the
 * newest of which a visitor looks for; the others are one link away, so the
 * page weighs the same after ten years of albums (docs/product-rules.md#gallery).
 */
export const NEWEST_ALBUMS_SHOWN = 12

/** What the gallery's filter buttons show. */
export interface PublicGalleryFolders {
  /** Every photo visitors may see, whatever the folder shown. */
  total: number
  /** Every visible folder by name, with its image count (possibly 0). */
  folders: { name: string; count: number }[]
}

export interface PublicGallery extends PublicGalleryFolders {
  /** One page of the photos shown (one folder's, or all), newest first. */
  images: GalleryImage[]
  pages: ListPageInfo
  /** On the first page of all photos, the newest published albums with photos (at most `NEWEST_ALBUMS_SHOWN`), each with its cover; elsewhere none. */
  albums: PublicAlbum[]
  /** How many published albums have photos. */
  albumCount: number
}

export interface PublicAlbumIndex extends PublicGalleryFolders {
  /** Every published album with photos, newest first, each with its cover. */
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
export const folderOf = sql<string>`coalesce(nullif(${sql.ref('gallery.folder')}, ''), ${DEFAULT_FOLDER})`

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

/** An album's card: its photo count and cover, as `coverOf` chose it. */
function toPublicAlbum(folder: GalleryFolder, count: number, cover: GalleryImage | undefined): PublicAlbum {
  return {
    name: folder.name,
    slug: folder.slug,
    description: folder.description,
    count,
    cover: cover ? { imageUrl: cover.imageUrl, alt: cover.alt, title: cover.title, focal: cover.focal } : null,
  }
}

/** An album's order: by place, then newest first (old photos may share a place), then by id so every reader agrees. */
export function inAlbumOrder<Query extends SelectQueryBuilder<Database, 'gallery', object>>(query: Query): Query {
  return query.orderBy('gallery.position').orderBy('gallery.created_at', 'desc').orderBy('gallery.id') as Query
}

const comesFirst = (a: GalleryImage, b: GalleryImage) => a.position - b.position || b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * Each visible album's cover: the chosen cover while it is still one of the
 * album's photos, else the album's first photo. The first photo is read per
 * album from the folder-and-position index (one row each), not by ranking
 * every visible photo, so a visit costs the same with 20 photos or 20,000;
 * 'general' also holds the photos of an empty folder, whose first photo is
 * read the same way and compared.
 */
async function coversOf(folders: readonly GalleryFolder[]): Promise<Map<string, GalleryImage>> {
  if (folders.length === 0) return new Map()
  const names = folders.map((folder) => folder.name)
  const firstOf = (folder: string) => inAlbumOrder(db.selectFrom('gallery').select('gallery.id').where('gallery.folder', '=', folder)).limit(1)
  const [firsts, unfiled] = await Promise.all([
    db
      .selectFrom('gallery_folders')
      .where('name', 'in', names)
      .select((eb) => inAlbumOrder(eb.selectFrom('gallery').select('gallery.id').whereRef('gallery.folder', '=', 'gallery_folders.name')).limit(1).as('first_id'))
      .execute(),
    names.includes(DEFAULT_FOLDER) ? firstOf('').execute() : [],
  ])
  const chosen = folders.flatMap((folder) => (folder.coverImageId ? [folder.coverImageId] : []))
  const candidates = [...firsts.flatMap((row) => (row.first_id ? [row.first_id] : [])), ...unfiled.map((row) => row.id)]
  const rows = (await visibleImages().where('gallery.id', 'in', [...chosen, ...candidates]).execute()).map(toGalleryImage)
  const covers = new Map<string, GalleryImage>()
  for (const image of rows.filter((row) => candidates.includes(row.id))) {
    const found = covers.get(image.folder)
    if (!found || comesFirst(image, found) < 0) covers.set(image.folder, image)
  }
  for (const folder of folders) {
    const image = rows.find((candidate) => candidate.id === folder.coverImageId && candidate.folder === folder.name)
    if (image) covers.set(folder.name, image)
  }
  return covers
}

/**
 * How many photos visitors may see in each visible folder: the photos are
 * counted per folder column first, in one pass over its index, and only those
 * few counts are matched with the folder rows (an empty folder is
 * 'general''s), not each of the photos.
 */
async function visibleCounts(): Promise<Map<string, number>> {
  const perFolder = db.selectFrom('gallery').select(['gallery.folder', (eb) => eb.fn.countAll().as('photos')]).groupBy('gallery.folder').as('per_folder')
  const rows = await db
    .selectFrom(perFolder)
    .innerJoin('gallery_folders', (join) => join.on('gallery_folders.name', '=', sql<string>`coalesce(nullif(${sql.ref('per_folder.folder')}, ''), ${DEFAULT_FOLDER})`))
    .where('gallery_folders.external_use', '=', true)
    .where('gallery_folders.enabled', '=', true)
    .select(['gallery_folders.name as folder', (eb) => eb.fn.sum<number | string>('per_folder.photos').as('count')])
    .groupBy('gallery_folders.name')
    .execute()
  return new Map(rows.map((row) => [row.folder, Number(row.count)]))
}

/** The filter buttons: every visible folder by name with its count, and the total those counts give (the photos are not counted a second time). */
async function galleryFolders(): Promise<PublicGalleryFolders & { counts: Map<string, number> }> {
  const [visibleFolders, counts] = await Promise.all([
    db.selectFrom('gallery_folders').select('name').where('external_use', '=', true).where('enabled', '=', true).orderBy('name').execute(),
    visibleCounts(),
  ])
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0)
  return { total, folders: visibleFolders.map(({ name }) => ({ name, count: counts.get(name) ?? 0 })), counts }
}

/**
 * The published albums with photos, newest first (then by id, so every reader
 * agrees), each with its count and cover; with a limit only that many rows
 * are read and covered, however many albums there are.
 */
async function publishedAlbums(counts: ReadonlyMap<string, number>, limit?: number): Promise<PublicAlbum[]> {
  const newestFirst = publishedAlbumsWithPhotos().selectAll().orderBy('created_at', 'desc').orderBy('id')
  const rows = await (limit === undefined ? newestFirst : newestFirst.limit(limit)).execute()
  const albums = rows.map(toGalleryFolder)
  const covers = await coversOf(albums)
  return albums.map((album) => toPublicAlbum(album, counts.get(album.name) ?? 0, covers.get(album.name)))
}

/**
 * One page of the photos visitors may see (docs/product-rules.md#gallery):
 * those of one visible folder when `folder` names one, else all; newest
 * first. An image whose folder name is empty counts as 'general'. With them
 * every visible folder and its count, and on the first page of all photos
 * the newest published albums with photos, with their covers, and how many
 * there are.
 */
export async function getPublicGallery(query: { folder?: string | null; page?: number } = {}): Promise<PublicGallery> {
  const folder = query.folder ?? null
  const shown = folder === null ? visibleImages() : publicFolderPhotos(folder)
  const { total, folders, counts } = await galleryFolders()
  const { rows, pages } = await pageOfQuery(shown.orderBy('gallery.created_at', 'desc').orderBy('gallery.id'), query.page ?? 1, PUBLIC_GALLERY_PAGE_SIZE, folder === null ? total : (counts.get(folder) ?? 0))
  // Only the first page of all photos shows album cards: no other page reads them.
  const albums = folder === null && pages.page === 1 ? await publishedAlbums(counts, NEWEST_ALBUMS_SHOWN) : []
  // Every visible folder in `counts` has photos: its size is the number of cards `/gallery?albums=all` shows.
  return { images: rows.map(toGalleryImage), pages, total, folders, albums, albumCount: counts.size }
}

/** Every published album with photos as a card, newest first, with the filter buttons' folders and counts. */
export async function getPublicAlbumIndex(): Promise<PublicAlbumIndex> {
  const { total, folders, counts } = await galleryFolders()
  return { total, folders, albums: await publishedAlbums(counts) }
}

/** One page of a published album's photos in its order, or null when there is none at this address or it is not published. */
export async function getPublicAlbum(slug: string, page = 1): Promise<{ album: PublicAlbum; images: GalleryImage[]; pages: ListPageInfo } | null> {
  const row = await db.selectFrom('gallery_folders').selectAll().where('slug', '=', slug).where('external_use', '=', true).where('enabled', '=', true).executeTakeFirst()
  if (!row) return null
  const folder = toGalleryFolder(row)
  const [{ rows, pages }, covers] = await Promise.all([
    pageOfQuery(inAlbumOrder(publicFolderPhotos(folder.name)), page, PUBLIC_GALLERY_PAGE_SIZE),
    coversOf([folder]),
  ])
  return { album: toPublicAlbum(folder, pages.total, covers.get(folder.name)), images: rows.map(toGalleryImage), pages }
}

/**
 * The photos visitors may see in one folder (an album). The visibility join
 * matches a photo's folder through an expression no index serves, so it is
 * asked as plain conditions on the folder column as well (an empty folder is
 * 'general''s): a folder's page then reads the folder index, not every photo.
 */
export function publicFolderPhotos(folder: string) {
  return visibleImages().where('gallery.folder', 'in', folder === DEFAULT_FOLDER ? [DEFAULT_FOLDER, ''] : [folder])
}

/**
 * The published albums that have photos. Plain conditions on the folder
 * column (the photos of an empty folder are 'general''s), so each album is
 * one index lookup.
 */
function publishedAlbumsWithPhotos() {
  return db
    .selectFrom('gallery_folders')
    .where('external_use', '=', true)
    .where('enabled', '=', true)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('gallery').select('gallery.id').whereRef('gallery.folder', '=', 'gallery_folders.name')),
        eb.and([eb('gallery_folders.name', '=', DEFAULT_FOLDER), eb.exists(eb.selectFrom('gallery').select('gallery.id').where('gallery.folder', '=', ''))]),
      ]),
    )
}

/** The addresses of the published albums with photos, for the sitemap. */
export async function listPublicAlbumSlugs(): Promise<string[]> {
  const rows = await publishedAlbumsWithPhotos().select('slug').orderBy('slug').execute()
  return rows.map((row) => row.slug)
}

/**
 * Only the photos listed under `folder`: its own, and for 'general' also
 * those whose folder has no row (empty, or deleted). Written as plain
 * conditions on the folder column, so an album's page reads its index.
 */
export function whereListedUnder<Row>(query: SelectQueryBuilder<Database, 'gallery', Row>, folder: string) {
  return folder === DEFAULT_FOLDER
    ? query.where((eb) => eb.or([eb('gallery.folder', '=', DEFAULT_FOLDER), eb('gallery.folder', 'not in', eb.selectFrom('gallery_folders').select('name'))]))
    : query.where('gallery.folder', '=', folder)
}

/** A page of the images, newest first as the admin screen shows them, optionally only those listed under one folder. */
export async function listGalleryImagesPage(query: { limit: number; offset: number; folder?: string }): Promise<{ images: GalleryImage[]; total: number }> {
  const filtered = query.folder === undefined ? db.selectFrom('gallery') : whereListedUnder(db.selectFrom('gallery'), query.folder)
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

/**
 * Each folder with the number of images the admin screen lists under it: its
 * own, and for 'general' also those whose folder has no row, as
 * `whereListedUnder` reads them. Each count is one lookup in the folder
 * index, not a pass over every photo per folder.
 */
function foldersWithCounts() {
  return db
    .selectFrom('gallery_folders')
    .selectAll()
    .select((eb) =>
      eb
        .case()
        .when('gallery_folders.name', '=', DEFAULT_FOLDER)
        .then(whereListedUnder(eb.selectFrom('gallery'), DEFAULT_FOLDER).select((count) => count.fn.countAll().as('count')))
        .else(eb.selectFrom('gallery').select((count) => count.fn.countAll().as('count')).whereRef('gallery.folder', '=', 'gallery_folders.name'))
        .end()
        .as('count'),
    )
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
