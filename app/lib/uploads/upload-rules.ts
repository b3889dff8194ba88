import { z } from 'zod'
/** Limits and types for uploaded files, shared by the pickers (accept=, quick checks) and the server (the real checks). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024
export const MAX_FILES_PER_UPLOAD = 20
/**
 * Decoding takes memory in proportion to the pixels, not to the file's size:
 * a few hundred kilobytes of PNG can claim 16000 × 16000. 40 MP is more than
 * any phone or camera photo.
 */
export const MAX_IMAGE_PIXELS = 40_000_000

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif'
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx'

export const UPLOAD_MESSAGES = {
  notAnImage: 'Please select an image file',
  notADocument: 'Please select a PDF or Word document (.pdf, .doc, .docx)',
  imageTooLarge: `Images must be smaller than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
  imagePixelsTooMany: `Images must be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (for example 8000 × 5000 pixels)`,
  documentTooLarge: `Documents must be smaller than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`,
  uploadFailed: 'Failed to upload image',
} as const

/**
 * The file a person actually chose in a form, or null: an empty file input
 * still sends a nameless, empty file. Works in the browser and on the server.
 */
export function chosenFile(value: unknown): File | null {
  return typeof File !== 'undefined' && value instanceof File && value.size > 0 ? value : null
}

/** An optional image file field: the browser's quick check by type; the server checks the bytes. */
export const optionalImageFile = z
  .unknown()
  .optional()
  .refine((value) => {
    const file = chosenFile(value)
    return !file || file.type.startsWith('image/')
  }, UPLOAD_MESSAGES.notAnImage)
