import { isStoredFileUrl } from '../url-rules.ts'

/* Where the sized copies of an uploaded image live; shared by the upload code and every page that shows images. */

/** Widths of the WebP copies made of each uploaded image, for `srcset`. */
export const IMAGE_VARIANT_WIDTHS = [480, 960] as const
/** The main copy is at most this wide. */
export const IMAGE_MAX_WIDTH = 1600

/** `/files/gallery/a/b.webp` → `/files/gallery/a/b.w480.webp`: where a width variant of a stored image lives. */
export function variantUrl(url: string, width: number) {
  return url.replace(/\.webp$/, `.w${width}.webp`)
}

/** `/files/gallery/a/b.w480.webp` → `/files/gallery/a/b.webp`: the image a width variant was made from (any other address as it is). */
export function mainImageUrl(url: string) {
  return url.replace(/\.w\d+\.webp$/, '.webp')
}

/**
 * `srcset` for an image stored by this app (our `/files/…` WebP images all
 * have their variants); none for images from elsewhere.
 */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !isStoredFileUrl(url) || !url.endsWith('.webp') || /\.w\d+\.webp$/.test(url)) return undefined
  return [...IMAGE_VARIANT_WIDTHS.map((width) => `${variantUrl(url, width)} ${width}w`), `${url} ${IMAGE_MAX_WIDTH}w`].join(', ')
}
