import { z } from 'zod'

export const MAX_ALT_LENGTH = 250

/** The media library's messages (docs/product-rules.md#media-library). */
export const MEDIA_MESSAGES = {
  uploaded: 'Image added to the media library',
  updated: 'Image description saved',
  deleted: 'Image deleted',
  notFound: 'Image not found',
  altTooLong: `Alt text must be at most ${MAX_ALT_LENGTH} characters`,
  focalOutside: 'The focal point must be inside the image',
  inUse: (uses: readonly string[]) => `This image is in use and cannot be deleted. Used by: ${uses.join(', ')}.`,
} as const

/**
 * What an image shows, for people who cannot see it: its alt text, or the
 * mark that it is decorative (it then has no alt text at all).
 */
/** Alt text as written: trimmed, at most 250 characters. */
export const altText = z.string({ error: 'Alt text must be text' }).trim().max(MAX_ALT_LENGTH, MEDIA_MESSAGES.altTooLong)
export const altTextField = altText.default('')

/** A decorative image is read as nothing; alt text kept with it would be read after all. */
export function describedAs(description: { alt: string; decorative: boolean }): { alt: string; decorative: boolean } {
  return description.decorative ? { alt: '', decorative: true } : description
}

export const imageDescriptionSchema = z
  .object({
    alt: altTextField,
    decorative: z.boolean({ error: 'Decorative must be true or false' }).default(false),
  })
  .transform(describedAs)

export type ImageDescription = z.output<typeof imageDescriptionSchema>

/** One coordinate of a focal point, from 0 to 1; forms post it as text. */
export const focalCoordinate = z.coerce.number({ error: MEDIA_MESSAGES.focalOutside }).min(0, MEDIA_MESSAGES.focalOutside).max(1, MEDIA_MESSAGES.focalOutside)

/** Where an image's subject is, from its left and top edges, each 0 to 1: every crop keeps it in view. */
export const focalPointSchema = z.object({ x: focalCoordinate, y: focalCoordinate })

export { focalObjectPosition } from './focal-point.ts'

export type FocalPoint = z.output<typeof focalPointSchema>

/** An image that can be described: is there anything for a reader? */
export function isDescribed(description: ImageDescription): boolean {
  return description.decorative || description.alt.length > 0
}

export interface MediaItem extends ImageDescription {
  id: string
  url: string
  fileName: string
  focal: FocalPoint
  createdAt: string
}
