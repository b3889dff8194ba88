import { sql, type Transaction } from 'kysely'
import { publishChanges } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { checkImageUpload, removeStoredFiles, storeImage } from '#app/lib/uploads/uploads.server.ts'
import type { Database } from '#db/database.ts'
import { newId, readBool, readTimestamp } from '#db/portable.ts'
import {
  DEFAULT_FOLDER,
  folderStorageKey,
  GALLERY_MESSAGES,
  galleryUploadSchema,
  uploadTitles,
  type AdminGalleryFolder,
  type AdminGalleryImage,
  type GalleryFolderInput,
} from './gallery.schema.ts'

export interface AdminGallery {
  images: AdminGalleryImage[]
  /** Every folder, by name, with the number of images listed under it. */
  folders: AdminGalleryFolder[]
}

/**
 * Spec §7: images newest first, folders by name. An image whose folder is
 * empty or has no row (its folder was deleted) is listed under 'general',
 * where staff find the images that need reassigning.
 */
export async function getAdminGallery(): Promise<AdminGallery> {
  const [folderRows, imageRows] = await Promise.all([
    db.selectFrom('gallery_folders').selectAll().orderBy('name').execute(),
    db.selectFrom('gallery').selectAll().orderBy('created_at', 'desc').orderBy('id').execute(),
  ])
  const folderNames = new Set(folderRows.map((row) => row.name))
  const images = imageRows.map((row) => ({
    id: row.id,
    title: row.title,
    imageUrl: row.image_url,
    folder: row.folder,
    listedUnder: folderNames.has(row.folder) ? row.folder : DEFAULT_FOLDER,
    createdAt: readTimestamp(row.created_at),
  }))
  const folders = folderRows.map((row) => ({
    id: row.id,
    name: row.name,
    externalUse: readBool(row.external_use),
    enabled: readBool(row.enabled),
    count: images.filter((image) => image.listedUnder === row.name).length,
  }))
  return { images, folders }
}

type Executor = Transaction<Database> | typeof db

/** Folder names are unique regardless of case: 'Trips' and 'trips' would be two filters no one can tell apart. */
function findFolderNamed(executor: Executor, name: string) {
  return executor
    .selectFrom('gallery_folders')
    .select(['id', 'name'])
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst()
}

export type UploadResult = { ok: true; count: number; urls: string[] } | { ok: false; error: string }

/**
 * Spec §5 'Gallery upload', all or nothing: every file must decode as an
 * image before any is stored; the rows (and a new folder's row) go in one
 * transaction; if it fails, the stored files are removed.
 */
export async function uploadGalleryImages(input: { files: File[]; folder: string; title: string | null }): Promise<UploadResult> {
  const images: Uint8Array[] = []
  for (const file of input.files) {
    const checked = await checkImageUpload(file)
    if (!checked.ok) return checked
    images.push(checked.value)
  }
  const stored: string[] = []
  try {
    for (const bytes of images) stored.push(await storeImage(storage, 'gallery', bytes, folderStorageKey(input.folder)))
  } catch (error) {
    await removeStoredFiles(storage, stored)
    throw error
  }

  // The form's rule for titles (trimmed, empty is none) also for callers that pass a file's name (the image picker).
  const baseTitle = galleryUploadSchema.shape.title.safeParse(input.title ?? undefined).data ?? null
  const titles = uploadTitles(baseTitle, stored.length)
  const createdAt = Date.now()
  const rows = stored.map((url, index) => ({
    id: newId(),
    title: titles[index] ?? null,
    image_url: url,
    folder: input.folder,
    // A millisecond apart, the first chosen the newest, so the grid (newest first) shows them in the order chosen.
    created_at: new Date(createdAt - index).toISOString(),
  }))
  let newFolderId: string | null = null
  try {
    await db.transaction().execute(async (trx) => {
      const existing = await findFolderNamed(trx, input.folder)
      if (existing) {
        for (const row of rows) row.folder = existing.name
      } else {
        newFolderId = newId()
        await trx.insertInto('gallery_folders').values({ id: newFolderId, name: input.folder, external_use: true, enabled: true }).execute()
      }
      await trx.insertInto('gallery').values(rows).execute()
    })
  } catch (error) {
    await removeStoredFiles(storage, stored)
    throw error
  }
  if (newFolderId) await publishChanges({ table: 'gallery_folders', type: 'insert', id: newFolderId })
  await publishChanges(...rows.map((row) => ({ table: 'gallery' as const, type: 'insert' as const, id: row.id })))
  return { ok: true, count: rows.length, urls: stored }
}

/** False when no image has that id. Its stored files go once the row is gone. */
export async function deleteGalleryImage(id: string): Promise<boolean> {
  const image = await db.selectFrom('gallery').select('image_url').where('id', '=', id).executeTakeFirst()
  if (!image) return false
  const result = await db.deleteFrom('gallery').where('id', '=', id).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) return false
  await publishChanges({ table: 'gallery', type: 'delete', id })
  await removeStoredFiles(storage, [image.image_url])
  return true
}

export type FolderChangeResult = 'done' | 'not-found' | 'name-taken' | 'default-fixed'

/**
 * Spec §4: renaming a folder moves its images with it (only their folder
 * column: stored files keep their keys), in the same transaction as the
 * folder row. The default folder keeps its name.
 */
export async function updateGalleryFolder(id: string, input: GalleryFolderInput): Promise<FolderChangeResult> {
  const outcome = await db.transaction().execute(async (trx) => {
    const folder = await trx.selectFrom('gallery_folders').select('name').where('id', '=', id).executeTakeFirst()
    if (!folder) return { result: 'not-found' as const }
    const renamed = folder.name !== input.name
    if (renamed && folder.name === DEFAULT_FOLDER) return { result: 'default-fixed' as const }
    const namesake = renamed ? await findFolderNamed(trx, input.name) : undefined
    if (namesake && namesake.id !== id) return { result: 'name-taken' as const }
    await trx
      .updateTable('gallery_folders')
      .set({ name: input.name, external_use: input.externalUse, enabled: input.enabled })
      .where('id', '=', id)
      .execute()
    if (!renamed) return { result: 'done' as const, movedImageIds: [] }
    const moved = await trx.selectFrom('gallery').select('id').where('folder', '=', folder.name).execute()
    await trx.updateTable('gallery').set({ folder: input.name }).where('folder', '=', folder.name).execute()
    return { result: 'done' as const, movedImageIds: moved.map((image) => image.id) }
  })
  if (outcome.result !== 'done') return outcome.result
  await publishChanges(
    { table: 'gallery_folders', type: 'update', id },
    ...outcome.movedImageIds.map((imageId) => ({ table: 'gallery' as const, type: 'update' as const, id: imageId })),
  )
  return 'done'
}

/** Spec §4: the folder's images stay, keeping their folder value, until someone reassigns them. */
export async function deleteGalleryFolder(id: string): Promise<FolderChangeResult> {
  const folder = await db.selectFrom('gallery_folders').select('name').where('id', '=', id).executeTakeFirst()
  if (!folder) return 'not-found'
  if (folder.name === DEFAULT_FOLDER) return 'default-fixed'
  const result = await db.deleteFrom('gallery_folders').where('id', '=', id).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) return 'not-found'
  await publishChanges({ table: 'gallery_folders', type: 'delete', id })
  return 'done'
}

/** The message and status the admin answers for a refused folder change. */
export const FOLDER_REFUSALS = {
  'not-found': { message: GALLERY_MESSAGES.folderNotFound, status: 404 },
  'name-taken': { message: GALLERY_MESSAGES.folderNameTaken, status: 409 },
  'default-fixed': { message: GALLERY_MESSAGES.defaultFolderFixed, status: 400 },
} as const
