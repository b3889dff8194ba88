import { sql } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readTimestamp } from '#db/portable.ts'
import { DEFAULT_FOLDER } from './gallery.schema.ts'


export interface GalleryImage {
  id: string
  title: string | null
  imageUrl: string
  folder: string
  createdAt: string
}

export interface PublicGallery {
  images: GalleryImage[]
  /** Every visible folder by name, with its image count (possibly 0). */
  folders: { name: string; count: number }[]
}

/**
 * Spec §5: only images whose folder is a gallery_folders row with
 * external_use and enabled; an empty folder name counts as 'general'.
 * Newest first.
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
    .select(['gallery.id', 'gallery.title', 'gallery.image_url', 'gallery.created_at', folderOf.as('folder')])
    .orderBy('gallery.created_at', 'desc')
    .execute()
  const images = rows.map((row) => ({
    id: row.id,
    title: row.title,
    imageUrl: row.image_url,
    folder: row.folder,
    createdAt: readTimestamp(row.created_at),
  }))
  const folders = visibleFolders.map(({ name }) => ({
    name,
    count: images.filter((image) => image.folder === name).length,
  }))
  return { images, folders }
}
