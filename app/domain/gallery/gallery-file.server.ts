import { db } from '#app/lib/db.server.ts'
import { mainImageUrl } from '#app/lib/uploads/image-variants.ts'
import { readBool } from '#db/portable.ts'
import { isPublished } from './gallery.schema.ts'
import { folderOf } from './gallery.server.ts'

/**
 * Whether visitors may see the gallery photo stored at this address (a sized
 * copy answers for its photo): only while its album is published, as on the
 * album's page. Null when no photo has this file (a logo the demo stored here).
 */
export async function galleryPhotoOfFile(fileUrl: string): Promise<{ published: boolean } | null> {
  const rows = await db
    .selectFrom('gallery')
    .leftJoin('gallery_folders', (join) => join.on('gallery_folders.name', '=', folderOf))
    .select(['gallery_folders.external_use', 'gallery_folders.enabled'])
    .where('gallery.image_url', '=', mainImageUrl(fileUrl))
    .execute()
  if (rows.length === 0) return null
  return { published: rows.some((row) => row.external_use !== null && row.enabled !== null && isPublished({ externalUse: readBool(row.external_use), enabled: readBool(row.enabled) })) }
}
