import { db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { checkImageUpload, storeImage } from '#app/lib/uploads/uploads.server.ts'
import { newId, now } from '#db/portable.ts'
import { imageUses } from './image-uses.server.ts'
import { MEDIA_MESSAGES, type FocalPoint, type ImageDescription, type MediaItem } from './media.schema.ts'
import { toMediaItem } from './media.server.ts'

const notFound = () => DomainError.notFound(MEDIA_MESSAGES.notFound)

async function readBack(tx: WriteTransaction, id: string): Promise<MediaItem> {
  return toMediaItem(await tx.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

/** A file name to recognise the image by: the uploaded one, without folders, at most 200 characters. */
function fileNameOf(file: unknown): string {
  const name = file instanceof File ? file.name : ''
  return name.replace(/^.*[\\/]/, '').slice(0, 200)
}

/**
 * An image for the pages (a logo, a slide, a cover, an inline picture):
 * checked and stored like every upload, and listed in the media library,
 * never in the gallery.
 */
export async function uploadMedia(file: unknown, description: ImageDescription, createdBy: string | null, focal?: FocalPoint): Promise<MediaItem> {
  const checked = await checkImageUpload(file)
  if (!checked.ok) throw DomainError.invalidField('image', checked.error)
  const url = await storeImage(storage, 'uploads', checked.value)
  const id = newId()
  return writeTransaction(
    async (tx) => {
      await tx.db
        .insertInto('media')
        .values({
          id,
          url,
          file_name: fileNameOf(file),
          alt: description.alt,
          decorative: description.decorative,
          ...(focal ? { focal_x: focal.x, focal_y: focal.y } : {}),
          created_by: createdBy,
          created_at: now(),
        })
        .execute()
      tx.publish({ table: 'media', type: 'insert', id })
      return readBack(tx, id)
    },
    { uploads: [url] },
  )
}

export interface MediaChanges {
  description?: ImageDescription
  focal?: FocalPoint
}

/** Saves an image's description and focal point; the pages that show it follow. */
export async function updateMedia(id: string, changes: MediaChanges): Promise<MediaItem> {
  return writeTransaction(async (tx) => {
    const result = await tx.db
      .updateTable('media')
      .set({
        ...(changes.description ? { alt: changes.description.alt, decorative: changes.description.decorative } : {}),
        ...(changes.focal ? { focal_x: changes.focal.x, focal_y: changes.focal.y } : {}),
      })
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) throw notFound()
    tx.publish({ table: 'media', type: 'update', id })
    return readBack(tx, id)
  })
}

/** Refuses to delete an image something still shows, naming each use; see docs/product-rules.md#media-library. */
export async function refuseIfInUse(url: string): Promise<void> {
  const uses = await imageUses(url)
  if (uses.length) throw DomainError.conflict(MEDIA_MESSAGES.inUse(uses))
}

/** Deletes an image nothing uses; its stored files go after the commit. */
export async function deleteMedia(id: string): Promise<void> {
  const item = await db.selectFrom('media').select('url').where('id', '=', id).executeTakeFirst()
  if (!item) throw notFound()
  await refuseIfInUse(item.url)
  await writeTransaction(async (tx) => {
    const result = await tx.db.deleteFrom('media').where('id', '=', id).executeTakeFirst()
    if (Number(result.numDeletedRows) === 0) throw notFound()
    tx.publish({ table: 'media', type: 'delete', id })
    tx.removeFilesAfterCommit(item.url)
  })
}
