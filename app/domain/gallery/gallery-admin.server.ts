import { sql } from 'kysely'
import { refuseIfInUse } from '#app/domain/media/media-admin.server.ts'
import { describedAs, type FocalPoint, type ImageDescription } from '#app/domain/media/media.schema.ts'
import { db } from '#app/lib/db.server.ts'
import { pageOfQuery } from '#app/lib/list-page.server.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'
import { containsText, countContaining } from '#app/lib/text-filter.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { MAX_FILES_PER_UPLOAD } from '#app/lib/uploads/upload-rules.ts'
import { checkImageUpload, photoTakenAt, storeImages } from '#app/lib/uploads/uploads.server.ts'
import { isUniqueViolation, newId, readBool } from '#db/portable.ts'
import {
  BULK_MAX,
  DEFAULT_FOLDER,
  folderStorageKey,
  GALLERY_MESSAGES,
  GALLERY_FOLDER_PAGE_SIZE,
  GALLERY_PAGE_SIZE,
  galleryUploadSchema,
  NEW_ALBUM_SWITCHES,
  placeOutOfRange,
  uploadTitles,
  type AdminGalleryFolder,
  type AdminGalleryImage,
  type GalleryFolder,
  type GalleryFolderInput,
  type GalleryImage,
  type GalleryImageChanges,
  type PhotoDescription,
} from './gallery.schema.ts'
import { inAlbumOrder, toGalleryFolder, toGalleryImage, whereListedUnder } from './gallery.server.ts'

/** A new folder: its name, and optionally its description and switches (NEW_ALBUM_SWITCHES when left out). */
export type NewGalleryFolder = Pick<GalleryFolderInput, 'name'> & Partial<Pick<GalleryFolderInput, 'externalUse' | 'enabled' | 'description'>>

/** A folder's change: its name and switches, and its description and cover when given. */
export type GalleryFolderChanges = Pick<GalleryFolderInput, 'name' | 'externalUse' | 'enabled'> & Partial<Pick<GalleryFolderInput, 'description' | 'coverImageId'>>

/** What the admin gallery screen shows: one page of photos, and one page of the folders with their counts. */
export interface AdminGalleryList {
  images: AdminGalleryImage[]
  pages: ListPageInfo
  /** A page of the folders, by name, each with how many photos matching the search are listed under it. */
  folders: AdminGalleryFolder[]
  /** Where the page of folders stands among every folder. */
  folderPages: ListPageInfo
  /** The folder shown, or null for all (a folder renamed or deleted meanwhile shows all). */
  folder: string | null
  search: string
  /** Photos in the whole gallery, whatever the search. */
  total: number
  /** Photos matching the search, in any folder: 'all (N)'. */
  matching: number
  /**
   * The page can be put in order: one album, unsearched, every photo listed
   * carrying its name (not general's strays from deleted folders), so a
   * tile's place on the page plus the page's offset is its place in the album.
   */
  reorderable: boolean
  /** Each chosen cover's title by its folder's id (the page's folders): the dialog names the cover even when it is on another page. */
  covers: Record<string, { id: string; title: string | null }>
}

const SEARCHED_COLUMNS = ['title', 'alt'] as const

/**
 * The page of folders that holds `folder` (by name, as the list is ordered),
 * so an album opened from a link shows among its neighbours.
 */
async function folderPageOf(folder: string): Promise<number> {
  const before = await db.selectFrom('gallery_folders').select((eb) => eb.fn.countAll<number | string>().as('before')).where('name', '<', folder).executeTakeFirstOrThrow()
  return Math.floor(Number(before.before) / GALLERY_FOLDER_PAGE_SIZE) + 1
}

/**
 * One page of the admin gallery (docs/product-rules.md#gallery): all photos
 * newest first, or one folder's by place (then newest first), as its public
 * page shows them; searched by title and alt text. Beside them one page of
 * the folders by name, `folderPage` or else the one holding the folder shown:
 * a school with hundreds of albums gets a screen of the same size. Each
 * folder's count is one GROUP BY over the page's folder names; a photo whose
 * folder has no row counts under 'general', where staff find the photos that
 * need reassigning.
 */
export async function listAdminGallery({
  folder = null,
  search = '',
  page = 1,
  folderPage,
}: { folder?: string | null; search?: string; page?: number; folderPage?: number } = {}): Promise<AdminGalleryList> {
  const named = folder === null ? undefined : await db.selectFrom('gallery_folders').select('name').where('name', '=', folder).executeTakeFirst()
  const shownFolder = named?.name ?? null
  const [folderRows, whole] = await Promise.all([
    pageOfQuery(db.selectFrom('gallery_folders').selectAll().orderBy('name'), folderPage ?? (shownFolder === null ? 1 : await folderPageOf(shownFolder)), GALLERY_FOLDER_PAGE_SIZE),
    db
      .selectFrom('gallery')
      .select((eb) => [eb.fn.countAll<number | string>().as('total'), countContaining(SEARCHED_COLUMNS, search).as('matching')])
      .executeTakeFirstOrThrow(),
  ])
  const names = folderRows.rows.map((row) => row.name)
  const withStrays = names.includes(DEFAULT_FOLDER) || shownFolder === DEFAULT_FOLDER
  const coverIds = folderRows.rows.flatMap((row) => (row.cover_image_id ? [row.cover_image_id] : []))
  const [grouped, strays, coverRows] = await Promise.all([
    names.length
      ? db.selectFrom('gallery').select(['folder', countContaining(SEARCHED_COLUMNS, search).as('matching')]).where('folder', 'in', names).groupBy('folder').execute()
      : [],
    withStrays
      ? db
          .selectFrom('gallery')
          .select((eb) => [eb.fn.countAll<number | string>().as('total'), countContaining(SEARCHED_COLUMNS, search).as('matching')])
          .where((eb) => eb('folder', 'not in', eb.selectFrom('gallery_folders').select('name')))
          .executeTakeFirstOrThrow()
      : undefined,
    coverIds.length ? db.selectFrom('gallery').select(['id', 'title']).where('id', 'in', coverIds).execute() : [],
  ])
  const counts = new Map(grouped.map((row) => [row.folder, Number(row.matching ?? 0)]))
  if (strays) counts.set(DEFAULT_FOLDER, (counts.get(DEFAULT_FOLDER) ?? 0) + Number(strays.matching ?? 0))
  const covers = Object.fromEntries(folderRows.rows.flatMap((row) => coverRows.filter((cover) => cover.id === row.cover_image_id).map((cover) => [row.id, cover])))
  let shown = db.selectFrom('gallery')
  if (shownFolder !== null) shown = whereListedUnder(shown, shownFolder)
  if (search) shown = shown.where(containsText(SEARCHED_COLUMNS, search))
  const ordered = shownFolder === null ? shown.selectAll().orderBy('created_at', 'desc').orderBy('id') : inAlbumOrder(shown.selectAll())
  // The photos shown are counted already: all of them matching the search, or the shown folder's count when its
  // folder is on the page of folders (a search is not made a third time through every photo).
  const known = shownFolder === null ? Number(whole.matching ?? 0) : names.includes(shownFolder) ? (counts.get(shownFolder) ?? 0) : undefined
  const { rows, pages } = await pageOfQuery(ordered, page, GALLERY_PAGE_SIZE, known)
  // Whether each photo's folder still has a row: the page's folders, not every folder, are looked up.
  const pageFolders = [...new Set(rows.map((row) => row.folder))]
  const existing = new Set(pageFolders.length ? (await db.selectFrom('gallery_folders').select('name').where('name', 'in', pageFolders).execute()).map((row) => row.name) : [])
  return {
    images: rows.map((row) => ({ ...toGalleryImage(row), listedUnder: existing.has(row.folder) ? row.folder : DEFAULT_FOLDER })),
    pages,
    folders: folderRows.rows.map((row) => ({ ...toGalleryFolder(row), count: counts.get(row.name) ?? 0 })),
    folderPages: folderRows.pages,
    folder: shownFolder,
    search,
    total: Number(whole.total),
    matching: Number(whole.matching ?? 0),
    reorderable: shownFolder !== null && !search && pages.total > 1 && (shownFolder !== DEFAULT_FOLDER || Number(strays?.total ?? 0) === 0),
    covers,
  }
}

/** Every folder's name, by name: the choices of the dialogs that put photos in a folder, loaded when one opens. */
export async function listGalleryFolderNames(): Promise<string[]> {
  return (await db.selectFrom('gallery_folders').select('name').orderBy('name').execute()).map((row) => row.name)
}

const folderNotFound = () => DomainError.notFound(GALLERY_MESSAGES.folderNotFound)
const folderNameTaken = () => DomainError.conflict(GALLERY_MESSAGES.folderNameTaken, { name: GALLERY_MESSAGES.folderNameTaken })

/** Folder names are unique regardless of case: 'Trips' and 'trips' would be two filters no one can tell apart. */
function findFolderNamed(tx: WriteTransaction, name: string) {
  return tx.db
    .selectFrom('gallery_folders')
    .select(['id', 'name'])
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst()
}

/** A free address for a new album: its name's slug, with -2, -3… when another album has it. */
async function freeSlug(tx: WriteTransaction, name: string) {
  const base = folderStorageKey(name)
  const taken = new Set((await tx.db.selectFrom('gallery_folders').select('slug').where('slug', 'like', `${base}%`).execute()).map((row) => row.slug))
  let slug = base
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
  return slug
}

/**
 * Where a new photo joins its album, in camera order: after the album's last
 * photo that has no date taken or was taken no later than it. The photos after
 * that place move down one (and are published as changed). Without a date
 * the photo goes last, so photos sent one at a time keep the order chosen.
 */
async function makePlaceForNew(tx: WriteTransaction, folder: string, takenAt: string | null): Promise<number> {
  let before = tx.db.selectFrom('gallery').select('position').where('folder', '=', folder)
  if (takenAt) before = before.where((eb) => eb.or([eb('taken_at', 'is', null), eb('taken_at', '<=', takenAt)]))
  const last = await before.orderBy('position', 'desc').limit(1).executeTakeFirst()
  if (!takenAt || last === undefined) {
    if (last !== undefined) return last.position + 1
    const first = await tx.db.selectFrom('gallery').select((eb) => eb.fn.min('position').as('first')).where('folder', '=', folder).executeTakeFirst()
    // Every photo of the album was taken later: it goes first.
    if (first?.first === null || first?.first === undefined) return 0
    return Number(first.first) - 1
  }
  const place = last.position + 1
  const after = await tx.db.selectFrom('gallery').select('id').where('folder', '=', folder).where('position', '>=', place).execute()
  if (after.length > 0) {
    await tx.db.updateTable('gallery').set((eb) => ({ position: eb('position', '+', 1) })).where('folder', '=', folder).where('position', '>=', place).execute()
    tx.publish(...after.map((image) => ({ table: 'gallery' as const, type: 'update' as const, id: image.id })))
  }
  return place
}

/** The place after an album's current last photo: photos moved in join at the end. */
async function placeAfter(tx: WriteTransaction, folder: string) {
  const last = await tx.db.selectFrom('gallery').select((eb) => eb.fn.max('position').as('last')).where('folder', '=', folder).executeTakeFirst()
  return last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1
}

/**
 * The chosen files, each checked by its bytes (never the browser's claim).
 * An empty file input still posts one nameless empty file: that is no choice.
 */
async function checkedImages(values: readonly unknown[]): Promise<{ bytes: Uint8Array; takenAt: string | null }[]> {
  const chosen = values.filter((value) => !(value instanceof File && value.size === 0 && value.name === ''))
  if (chosen.length === 0) throw DomainError.invalidField('images', GALLERY_MESSAGES.noImages)
  if (chosen.length > MAX_FILES_PER_UPLOAD) throw DomainError.invalidField('images', GALLERY_MESSAGES.tooManyImages)
  const images: { bytes: Uint8Array; takenAt: string | null }[] = []
  for (const value of chosen) {
    const checked = await checkImageUpload(value)
    if (!checked.ok) throw DomainError.invalidField('images', checked.error)
    images.push({ bytes: checked.value, takenAt: await photoTakenAt(value) })
  }
  return images
}

/** What the upload form (or the content API) gives: the posted files as they came, the folder they go to, a base title. */
export interface GalleryUpload {
  files: readonly unknown[]
  folder: string
  title: string | null
  /** The description and focal point of every file (the content API's); the upload form leaves them to the Edit dialog. */
  description?: ImageDescription
  focal?: FocalPoint
}

/**
 * All or nothing: every file must decode as an image before any is stored;
 * the rows (and a new folder's row, for external use and enabled) go in one
 * transaction, and if it does not commit the stored files are removed.
 * Returns the new images in the order chosen.
 */
export async function uploadGalleryImages(input: GalleryUpload): Promise<GalleryImage[]> {
  const images = await checkedImages(input.files)
  const stored = await storeImages(
    storage,
    'gallery',
    images.map((image) => image.bytes),
    folderStorageKey(input.folder),
  )

  // The form's rule for titles (trimmed, empty is none) also for callers that pass a file's name (the image picker).
  const baseTitle = galleryUploadSchema.shape.title.safeParse(input.title ?? undefined).data ?? null
  const titles = uploadTitles(baseTitle, stored.length)
  const createdAt = Date.now()
  const rows = stored.map((url, index) => ({
    id: newId(),
    title: titles[index] ?? null,
    image_url: url,
    folder: input.folder,
    alt: input.description?.alt ?? '',
    decorative: input.description?.decorative ?? false,
    focal_x: input.focal?.x ?? 0.5,
    focal_y: input.focal?.y ?? 0.5,
    // A millisecond apart, the first chosen the newest, so the grid (newest first) shows them in the order chosen.
    created_at: new Date(createdAt - index).toISOString(),
    taken_at: images[index]!.takenAt,
    position: 0,
  }))
  return writeTransaction(
    async (tx) => {
      const existing = await findFolderNamed(tx, input.folder)
      if (existing) {
        for (const row of rows) row.folder = existing.name
      } else {
        const folderId = newId()
        // Another upload may create the same folder meanwhile: its row then serves both.
        const created = await tx.db
          .insertInto('gallery_folders')
          .values({ id: folderId, name: input.folder, external_use: NEW_ALBUM_SWITCHES.externalUse, enabled: NEW_ALBUM_SWITCHES.enabled, slug: await freeSlug(tx, input.folder), created_at: new Date().toISOString() })
          .onConflict((conflict) => conflict.column('name').doNothing())
          .executeTakeFirst()
        if (Number(created.numInsertedOrUpdatedRows ?? 0) > 0) tx.publish({ table: 'gallery_folders', type: 'insert', id: folderId })
      }
      for (const row of rows) {
        row.position = await makePlaceForNew(tx, row.folder, row.taken_at)
        await tx.db.insertInto('gallery').values(row).execute()
      }
      tx.publish(...rows.map((row) => ({ table: 'gallery' as const, type: 'insert' as const, id: row.id })))
      return rows.map(toGalleryImage)
    },
    { uploads: stored },
  )
}

/** Deletes the image unless a page uses it; its stored files go after the commit. */
export async function deleteGalleryImage(id: string): Promise<void> {
  const shown = await db.selectFrom('gallery').select('image_url').where('id', '=', id).executeTakeFirst()
  // A photo a page shows (picked as a logo, a slide, an event's picture) stays until that page stops using it.
  if (shown) await refuseIfInUse(shown.image_url)
  await writeTransaction(async (tx) => {
    const image = await tx.db.selectFrom('gallery').select('image_url').where('id', '=', id).executeTakeFirst()
    if (!image) throw DomainError.notFound(GALLERY_MESSAGES.imageNotFound)
    await tx.db.deleteFrom('gallery').where('id', '=', id).execute()
    await clearCovers(tx, [id])
    tx.publish({ table: 'gallery', type: 'delete', id })
    tx.removeFilesAfterCommit(image.image_url)
  })
}

/** An album whose cover goes (deleted or moved away) falls back to its first photo. */
async function clearCovers(tx: WriteTransaction, imageIds: readonly string[]) {
  const albums = await tx.db.selectFrom('gallery_folders').select('id').where('cover_image_id', 'in', imageIds).execute()
  if (albums.length === 0) return
  await tx.db.updateTable('gallery_folders').set({ cover_image_id: null }).where('cover_image_id', 'in', imageIds).execute()
  tx.publish(...albums.map((album) => ({ table: 'gallery_folders' as const, type: 'update' as const, id: album.id })))
}

/** The images with these ids, each once; refused as a whole when one is missing (deleted meanwhile). */
async function imagesWithIds(tx: WriteTransaction, ids: readonly string[]) {
  const unique = [...new Set(ids)]
  if (unique.length > BULK_MAX) throw DomainError.invalidField('ids', GALLERY_MESSAGES.tooManySelected)
  const images = await tx.db.selectFrom('gallery').select(['id', 'image_url', 'folder']).where('id', 'in', unique).execute()
  if (images.length !== unique.length) throw DomainError.notFound(GALLERY_MESSAGES.imageNotFound)
  const byId = new Map(images.map((image) => [image.id, image]))
  return unique.map((id) => byId.get(id)!)
}

/**
 * Deletes several photos in one transaction, or none: refused while a page
 * uses any of them. Their stored files go after the commit.
 */
export async function deleteGalleryImages(ids: readonly string[]): Promise<number> {
  const shown = await db.selectFrom('gallery').select('image_url').where('id', 'in', [...new Set(ids)]).execute()
  for (const image of shown) await refuseIfInUse(image.image_url)
  return writeTransaction(async (tx) => {
    const images = await imagesWithIds(tx, ids)
    const imageIds = images.map((image) => image.id)
    await tx.db.deleteFrom('gallery').where('id', 'in', imageIds).execute()
    await clearCovers(tx, imageIds)
    tx.publish(...imageIds.map((id) => ({ table: 'gallery' as const, type: 'delete' as const, id })))
    tx.removeFilesAfterCommit(...images.map((image) => image.image_url))
    return images.length
  })
}

/** Moves photos to another album (which must exist), in the order given, after its last photo. Returns the album's name. */
export async function moveGalleryImages(ids: readonly string[], folder: string): Promise<{ count: number; folder: string }> {
  return writeTransaction(async (tx) => {
    const target = await findFolderNamed(tx, folder)
    if (!target) throw DomainError.invalidField('folder', GALLERY_MESSAGES.folderNotFound)
    const images = (await imagesWithIds(tx, ids)).filter((image) => image.folder !== target.name)
    let place = await placeAfter(tx, target.name)
    for (const image of images) {
      await tx.db.updateTable('gallery').set({ folder: target.name, position: place++ }).where('id', '=', image.id).execute()
    }
    await clearCovers(tx, images.map((image) => image.id))
    tx.publish(...images.map((image) => ({ table: 'gallery' as const, type: 'update' as const, id: image.id })))
    return { count: ids.length, folder: target.name }
  })
}

/**
 * Moves one photo to a place in its album (from 0), the others keeping their
 * order around it. The album's places are renumbered 0..n-1 on the way, so
 * ties left by older data vanish; only the photos whose place changed are
 * published. `from`, where the screen showed the photo, refuses a move made
 * on a screen the album has changed under (nothing changes).
 */
export async function moveGalleryImageTo(id: string, place: number, from?: number): Promise<void> {
  await writeTransaction(async (tx) => {
    const image = await tx.db.selectFrom('gallery').select('folder').where('id', '=', id).executeTakeFirst()
    if (!image) throw DomainError.notFound(GALLERY_MESSAGES.imageNotFound)
    const album = await tx.db.selectFrom('gallery_folders').select('name').where('name', '=', image.folder).executeTakeFirst()
    if (!album) throw DomainError.conflict(GALLERY_MESSAGES.notInAlbum)
    const order = await inAlbumOrder(tx.db.selectFrom('gallery').select(['id', 'position']).where('folder', '=', album.name)).execute()
    if (!Number.isInteger(place) || place < 0 || place >= order.length) throw DomainError.invalidField('place', placeOutOfRange(order.length))
    const ids = order.map((row) => row.id)
    if (from !== undefined && ids[from] !== id) throw DomainError.conflict(GALLERY_MESSAGES.orderStale)
    ids.splice(ids.indexOf(id), 1)
    ids.splice(place, 0, id)
    const was = new Map(order.map((row) => [row.id, row.position]))
    const moved = ids.flatMap((each, index) => (was.get(each) === index ? [] : [{ id: each, position: index }]))
    for (const row of moved) await tx.db.updateTable('gallery').set({ position: row.position }).where('id', '=', row.id).execute()
    tx.publish(...moved.map((row) => ({ table: 'gallery' as const, type: 'update' as const, id: row.id })))
  })
}

/**
 * Saves the descriptions of several photos of one album at once (the
 * 'Describe photos' screen): every photo must be in the album, else nothing
 * changes. Only photos whose description changed are written and published.
 * Returns how many changed.
 */
export async function describeAlbumPhotos(albumId: string, photos: readonly PhotoDescription[]): Promise<number> {
  return writeTransaction(async (tx) => {
    const album = await tx.db.selectFrom('gallery_folders').select('name').where('id', '=', albumId).executeTakeFirst()
    if (!album) throw folderNotFound()
    const wanted = new Map(photos.map((photo) => [photo.id, describedAs(photo)]))
    if (wanted.size > BULK_MAX) throw DomainError.invalidField('ids', GALLERY_MESSAGES.tooManySelected)
    if (wanted.size === 0) throw DomainError.invalidField('ids', GALLERY_MESSAGES.noneSelected)
    const stored = await tx.db.selectFrom('gallery').select(['id', 'folder', 'alt', 'decorative']).where('id', 'in', [...wanted.keys()]).execute()
    if (stored.length !== wanted.size) throw DomainError.notFound(GALLERY_MESSAGES.imageNotFound)
    if (stored.some((photo) => photo.folder !== album.name)) throw DomainError.invalid(GALLERY_MESSAGES.notInThisAlbum)
    const changed = stored.filter((photo) => {
      const description = wanted.get(photo.id)!
      return photo.alt !== description.alt || readBool(photo.decorative) !== description.decorative
    })
    for (const photo of changed) {
      const description = wanted.get(photo.id)!
      await tx.db.updateTable('gallery').set({ alt: description.alt, decorative: description.decorative }).where('id', '=', photo.id).execute()
    }
    tx.publish(...changed.map((photo) => ({ table: 'gallery' as const, type: 'update' as const, id: photo.id })))
    return changed.length
  })
}

/** Shows an album to visitors: Enabled on. An album not for external use stays hidden whatever this says. */
export async function publishGalleryFolder(id: string): Promise<GalleryFolder> {
  return writeTransaction(async (tx) => {
    const folder = await tx.db.selectFrom('gallery_folders').select('id').where('id', '=', id).executeTakeFirst()
    if (!folder) throw folderNotFound()
    await tx.db.updateTable('gallery_folders').set({ enabled: true }).where('id', '=', id).execute()
    tx.publish({ table: 'gallery_folders', type: 'update', id })
    return toGalleryFolder(await tx.db.selectFrom('gallery_folders').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
  })
}

/**
 * A new empty folder, under the same name rules as a rename: unique
 * regardless of case. Uploads create folders too, on the way.
 */
export async function createGalleryFolder(input: NewGalleryFolder): Promise<GalleryFolder> {
  return writeTransaction(async (tx) => {
    if (await findFolderNamed(tx, input.name)) throw folderNameTaken()
    const id = newId()
    await tx.db
      .insertInto('gallery_folders')
      .values({
        id,
        name: input.name,
        external_use: input.externalUse ?? NEW_ALBUM_SWITCHES.externalUse,
        enabled: input.enabled ?? NEW_ALBUM_SWITCHES.enabled,
        slug: await freeSlug(tx, input.name),
        description: input.description ?? '',
        created_at: new Date().toISOString(),
      })
      .execute()
    tx.publish({ table: 'gallery_folders', type: 'insert', id })
    return toGalleryFolder(await tx.db.selectFrom('gallery_folders').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
  }).catch((error: unknown) => {
    // Another editor can take the name between the check and the write: the constraint then answers like the check.
    throw isUniqueViolation(error) ? folderNameTaken() : error
  })
}

/**
 * Retitles, describes and refocuses an image, and moves it to another folder
 * (only its folder column: the stored file keeps its address). The folder it moves to must exist; an
 * image left in a deleted folder may keep that folder while retitled.
 */
export async function updateGalleryImage(id: string, changes: GalleryImageChanges): Promise<GalleryImage> {
  return writeTransaction(async (tx) => {
    const image = await tx.db.selectFrom('gallery').select('folder').where('id', '=', id).executeTakeFirst()
    if (!image) throw DomainError.notFound(GALLERY_MESSAGES.imageNotFound)
    let folder = image.folder
    let position: number | undefined
    if (changes.folder !== image.folder) {
      const target = await findFolderNamed(tx, changes.folder)
      if (!target) throw DomainError.invalidField('folder', GALLERY_MESSAGES.folderNotFound)
      folder = target.name
      if (folder !== image.folder) {
        position = await placeAfter(tx, folder)
        await clearCovers(tx, [id])
      }
    }
    await tx.db
      .updateTable('gallery')
      .set({
        title: changes.title,
        folder,
        ...(position === undefined ? {} : { position }),
        ...(changes.description ? { alt: changes.description.alt, decorative: changes.description.decorative } : {}),
        ...(changes.focal ? { focal_x: changes.focal.x, focal_y: changes.focal.y } : {}),
      })
      .where('id', '=', id)
      .execute()
    tx.publish({ table: 'gallery', type: 'update', id })
    return toGalleryImage(await tx.db.selectFrom('gallery').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
  })
}

/**
 * Renaming a folder moves its images with it (only their folder column:
 * stored files keep their keys), in the same transaction as the folder row.
 * The default folder keeps its name; its switches still change.
 */
export async function updateGalleryFolder(id: string, input: GalleryFolderChanges): Promise<GalleryFolder> {
  return writeTransaction(async (tx) => {
    const folder = await tx.db.selectFrom('gallery_folders').select('name').where('id', '=', id).executeTakeFirst()
    if (!folder) throw folderNotFound()
    const renamed = folder.name !== input.name
    if (renamed && folder.name === DEFAULT_FOLDER) {
      throw DomainError.conflict(GALLERY_MESSAGES.defaultFolderFixed, { name: GALLERY_MESSAGES.defaultFolderFixed })
    }
    const namesake = renamed ? await findFolderNamed(tx, input.name) : undefined
    if (namesake && namesake.id !== id) throw folderNameTaken()
    if (input.coverImageId) {
      const cover = await tx.db.selectFrom('gallery').select('folder').where('id', '=', input.coverImageId).executeTakeFirst()
      if (cover?.folder !== folder.name) throw DomainError.invalidField('coverImageId', GALLERY_MESSAGES.coverNotInAlbum)
    }
    await tx.db
      .updateTable('gallery_folders')
      .set({
        name: input.name,
        external_use: input.externalUse,
        enabled: input.enabled,
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.coverImageId === undefined ? {} : { cover_image_id: input.coverImageId }),
      })
      .where('id', '=', id)
      .execute()
    tx.publish({ table: 'gallery_folders', type: 'update', id })
    if (renamed) {
      const moved = await tx.db.selectFrom('gallery').select('id').where('folder', '=', folder.name).execute()
      await tx.db.updateTable('gallery').set({ folder: input.name }).where('folder', '=', folder.name).execute()
      tx.publish(...moved.map((image) => ({ table: 'gallery' as const, type: 'update' as const, id: image.id })))
    }
    return toGalleryFolder(await tx.db.selectFrom('gallery_folders').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
  }).catch((error: unknown) => {
    // Another editor can take the name between the check and the write: the constraint then answers like the check.
    throw isUniqueViolation(error) ? folderNameTaken() : error
  })
}

/** The folder's images stay, keeping their folder value, until someone reassigns them. The default folder stays. */
export async function deleteGalleryFolder(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const folder = await tx.db.selectFrom('gallery_folders').select('name').where('id', '=', id).executeTakeFirst()
    if (!folder) throw folderNotFound()
    if (folder.name === DEFAULT_FOLDER) throw DomainError.conflict(GALLERY_MESSAGES.defaultFolderFixed)
    await tx.db.deleteFrom('gallery_folders').where('id', '=', id).execute()
    tx.publish({ table: 'gallery_folders', type: 'delete', id })
  })
}
