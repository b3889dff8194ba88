import type { Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readBool, readTimestamp } from '#db/portable.ts'
import type { MediaTable } from '#db/tables/content.ts'
import { focalObjectPosition, type ImageDescription, type MediaItem } from './media.schema.ts'

export function toMediaItem(row: Selectable<MediaTable>): MediaItem {
  return {
    id: row.id,
    url: row.url,
    fileName: row.file_name,
    alt: row.alt,
    decorative: readBool(row.decorative),
    focal: { x: row.focal_x, y: row.focal_y },
    createdAt: readTimestamp(row.created_at),
  }
}

/** One page of the media library, newest first, and how many images it holds. */
export async function listMediaPage(query: { limit: number; offset: number }): Promise<{ items: MediaItem[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom('media').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(query.limit).offset(query.offset).execute(),
    db.selectFrom('media').select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { items: rows.map(toMediaItem), total: Number(count.total) }
}

export async function getMediaItem(id: string): Promise<MediaItem | null> {
  const row = await db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toMediaItem(row) : null
}

export interface DescribedImage extends ImageDescription {
  focal: { x: number; y: number }
}

/**
 * The descriptions of the given stored images, by address, from the media
 * library and the gallery; an address neither knows (an image elsewhere)
 * is left out.
 */
export async function imageDescriptions(urls: readonly (string | null | undefined)[]): Promise<Map<string, DescribedImage>> {
  const wanted = [...new Set(urls.filter((url): url is string => Boolean(url)))]
  const found = new Map<string, DescribedImage>()
  if (wanted.length === 0) return found
  const [media, gallery] = await Promise.all([
    db.selectFrom('media').select(['url', 'alt', 'decorative', 'focal_x', 'focal_y']).where('url', 'in', wanted).execute(),
    db.selectFrom('gallery').select(['image_url as url', 'alt', 'decorative', 'focal_x', 'focal_y']).where('image_url', 'in', wanted).execute(),
  ])
  for (const row of [...gallery, ...media]) found.set(row.url, { alt: row.alt, decorative: readBool(row.decorative), focal: { x: row.focal_x, y: row.focal_y } })
  return found
}

/** Each described image's alt text by address, as a page renders it: '' for a decorative image. */
export function altTextByAddress(descriptions: ReadonlyMap<string, DescribedImage>): Record<string, string> {
  return Object.fromEntries([...descriptions].map(([url, description]) => [url, description.decorative ? '' : description.alt]))
}

/** Each described image's CSS `object-position`, by address: a crop keeps its focal point in view. */
export function cropPositionByAddress(descriptions: ReadonlyMap<string, DescribedImage>): Record<string, string> {
  return Object.fromEntries([...descriptions].map(([url, description]) => [url, focalObjectPosition(description.focal)]))
}
