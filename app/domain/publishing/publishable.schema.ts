import { z } from 'zod'
import { checkedBox } from '#app/lib/schema-helpers.ts'
import { optionalImageFile } from '#app/lib/uploads/upload-rules.ts'
import { isWallClockTime } from '#app/lib/zoned-time.ts'
import { altText, focalCoordinate } from '../media/media.schema.ts'
import { PUBLICATION_MESSAGES, publicationButton } from './publication.ts'

/**
 * The form fields every publishable item with a cover shares (posts,
 * pages): an optional image file (checked by its bytes on the server),
 * `removeCover` to drop the current one, its description and focal point.
 */
export const coverImageFields = {
  coverFile: optionalImageFile,
  /** Left out (no cover shown in the form, or a decorative one), the stored description decides. */
  coverAlt: altText.optional(),
  coverDecorative: checkedBox,
  /** The focal point picker's values; left out, the stored point stays (the middle for a new cover). */
  coverFocalX: focalCoordinate.optional(),
  coverFocalY: focalCoordinate.optional(),
  removeCover: z
    .string()
    .optional()
    .transform((value) => value === 'true'),
}

/** The publishing button pressed and the publish date typed, as every publishable form sends them. */
export const publicationFields = {
  publication: publicationButton,
  /** The publish date on the school's clocks; empty is now (or, for an item already live, its own date). */
  publishAt: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isWallClockTime(value), PUBLICATION_MESSAGES.invalidTime)
    .transform((value) => value || null),
}
