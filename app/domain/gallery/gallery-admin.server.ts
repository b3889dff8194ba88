import { sql } from 'kysely'
import { refuseIfInUse } from '#app/domain/media/media-admin.server.ts'
import type { FocalPoint, ImageDescription } from '#app/domain/media/media.schema.ts'
import { db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { MAX_FILES_PER_UPLOAD } from '#app/lib/uploads/upload-rules.ts'
import { checkImageUpload, storeImages } from '#app/lib/uploads/uploads.server.ts'
import { isUniqueViolation, newId } from '#db/portable.ts'
import {
  DEFAULT_FOLDER,
  folderStorageKey,
  GALLERY_MESSAGES,
  galleryUploadSchema,
  uploadTitles,
  type AdminGalleryFolder,
  type AdminGalleryImage,
  type GalleryFolder,
  type GalleryFolderInput,
  type GalleryImage,
  type GalleryImageChanges,
} from './gallery.schema.ts'
import { toGalleryFolder, toGalleryImage } from './gallery.server.ts'

export interface AdminGallery {
  images: AdminGalleryImage[]
  /** Every folder, by name, with the number of images listed under it. */
  folders: AdminGalleryFolder[]
}

/**
 * Images newest first, folders by name. An image whose folder is empty or
 * has no row (its folder was deleted) is listed under 'general', where staff
 * find the images that need reassigning.
 */
export async function getAdminGallery(): Promise<AdminGallery> {
  const [folderRows, imageRows] = await Promise.all([
    db.selectFrom('gallery_folders').selectAll().orderBy('name').execute(),
    db.selectFrom('gallery').selectAll().orderBy('created_at', 'desc').orderBy('id').execute(),
  ])
  const folderNames = new Set(folderRows.map((row) => row.name))
  const images = imageRows.map((row) => ({ ...toGalleryImage(row), listedUnder: folderNames.has(row.folder) ? row.folder : DEFAULT_FOLDER }))
  const folders = folderRows.map((row) => ({
    ...toGalleryFolder(row),
    count: images.filter((image) => image.listedUnder === row.name).length,
  }))
  return { images, folders }
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

/**
 * The chosen files, each checked by its bytes (never the browser's claim).
 * An empty file input still posts one nameless empty file: that is no choice.
 */
async function checkedImages(values: readonly unknown[]): Promise<Uint8Array[]> {
  const chosen = values.filter((value) => !(value instanceof File && value.size === 0 && value.name === ''))
  if (chosen.length === 0) throw DomainError.invalidField('images', GALLERY_MESSAGES.noImages)
  if (chosen.length > MAX_FILES_PER_UPLOAD) throw DomainError.invalidField('images', GALLERY_MESSAGES.tooManyImages)
  const images: Uint8Array[] = []
  for (const value of chosen) {
    const checked = await checkImageUpload(value)
    if (!checked.ok) throw DomainError.invalidField('images', checked.error)
    images.push(checked.value)
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
  const stored = await storeImages(storage, 'gallery', images, folderStorageKey(input.folder))

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
          .values({ id: folderId, name: input.folder, external_use: true, enabled: true })
          .onConflict((conflict) => conflict.column('name').doNothing())
          .executeTakeFirst()
        if (Number(created.numInsertedOrUpdatedRows ?? 0) > 0) tx.publish({ table: 'gallery_folders', type: 'insert', id: folderId })
      }
      await tx.db.insertInto('gallery').values(rows).execute()
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
    tx.publish({ table: 'gallery', type: 'delete', id })
    tx.removeFilesAfterCommit(image.image_url)
  })
}

/**
 * A new empty folder, under the same name rules as a rename: unique
 * regardless of case. Uploads create folders too, on the way.
 */
export async function createGalleryFolder(input: GalleryFolderInput): Promise<GalleryFolder> {
  return writeTransaction(async (tx) => {
    if (await findFolderNamed(tx, input.name)) throw folderNameTaken()
    const id = newId()
    await tx.db.insertInto('gallery_folders').values({ id, name: input.name, external_use: input.externalUse, enabled: input.enabled }).execute()
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
    if (changes.folder !== image.folder) {
      const target = await findFolderNamed(tx, changes.folder)
      if (!target) throw DomainError.invalidField('folder', GALLERY_MESSAGES.folderNotFound)
      folder = target.name
    }
    await tx.db
      .updateTable('gallery')
      .set({
        title: changes.title,
        folder,
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
export async function updateGalleryFolder(id: string, input: GalleryFolderInput): Promise<GalleryFolder> {
  return writeTransaction(async (tx) => {
    const folder = await tx.db.selectFrom('gallery_folders').select('name').where('id', '=', id).executeTakeFirst()
    if (!folder) throw folderNotFound()
    const renamed = folder.name !== input.name
    if (renamed && folder.name === DEFAULT_FOLDER) {
      throw DomainError.conflict(GALLERY_MESSAGES.defaultFolderFixed, { name: GALLERY_MESSAGES.defaultFolderFixed })
    }
    const namesake = renamed ? await findFolderNamed(tx, input.name) : undefined
    if (namesake && namesake.id !== id) throw folderNameTaken()
    await tx.db
      .updateTable('gallery_folders')
      .set({ name: input.name, external_use: input.externalUse, enabled: input.enabled })
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
