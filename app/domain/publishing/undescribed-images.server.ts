import type { WriteTransaction } from '#app/lib/transaction.server.ts'

/** `<img …>` tags of stored (sanitised) rich text, and whether each has an `alt` attribute at all (`alt=""` is decorative). */
const IMAGE_TAG = /<img\b[^>]*>/gi
const SOURCE = /\bsrc="([^"]*)"/i
const HAS_ALT = /\balt="/i

/** 'trip.webp' for '/files/uploads/…/trip.webp' or 'https://…/trip.jpg?x=1'. */
function fileNameOf(src: string): string {
  return decodeURIComponent(src.split(/[?#]/)[0]!.split('/').pop() ?? '') || src
}

export interface DescribableCover {
  url: string | null
  alt: string
  decorative: boolean
}

/**
 * The images of a post that say nothing to a reader who cannot see them,
 * named as staff know them: 'the cover image', 'the image "trip.png"'
 * (its media-library file name or its gallery title when it has one). See
 * docs/product-rules.md#alt-text.
 */
export async function undescribedImages(tx: WriteTransaction, content: string, cover: DescribableCover): Promise<{ cover: boolean; inline: string[] }> {
  const bare = (content.match(IMAGE_TAG) ?? []).filter((tag) => !HAS_ALT.test(tag)).map((tag) => SOURCE.exec(tag)?.[1] ?? '')
  const [media, gallery] = bare.length
    ? await Promise.all([
        tx.db.selectFrom('media').select(['url', 'file_name as name']).where('url', 'in', bare).execute(),
        tx.db.selectFrom('gallery').select(['image_url as url', 'title as name']).where('image_url', 'in', bare).execute(),
      ])
    : [[], []]
  const names = new Map([...media, ...gallery].map((row) => [row.url, row.name]))
  const inline = [...new Set(bare.map((src) => `the image "${names.get(src) || fileNameOf(src)}"`))]
  return { cover: Boolean(cover.url) && !cover.decorative && !cover.alt, inline }
}
