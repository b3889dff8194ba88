import { z } from 'zod'
import { checkedBox, rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { chosenFile, looksLikeImage, UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { altTextField, focalCoordinate } from './media.schema.ts'


/** 'Add Image': the file and its description ('Decorative' is a checkbox). */
export const mediaUploadSchema = z.object({
  image: z.unknown().refine((value) => {
    const file = chosenFile(value)
    return file ? looksLikeImage(file) : false
  }, UPLOAD_MESSAGES.notAnImage),
  alt: altTextField,
  decorative: checkedBox,
})

/** 'Edit Image': the description and the focal point. */
export const mediaEditSchema = z.object({
  alt: altTextField,
  decorative: checkedBox,
  focalX: focalCoordinate,
  focalY: focalCoordinate,
})

export const mediaActionSchema = z.discriminatedUnion(
  'intent',
  [
    mediaUploadSchema.extend({ intent: z.literal('create') }),
    mediaEditSchema.extend({ intent: z.literal('update'), id: rowId }),
    z.object({ intent: z.literal('delete'), id: rowId }),
  ],
  { error: UNKNOWN_ACTION },
)
