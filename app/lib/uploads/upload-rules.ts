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

/** HEIC/HEIF (iPhone photos) by extension too: browsers that do not know the type send it with none. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif,.heic,.heif'

const HEIF_NAME = /\.hei[cf]$/i

/**
 * The browser's quick check of a chosen image: its type says image, or it is
 * named like a HEIC/HEIF photo. The server decodes the bytes whatever this says.
 */
export function looksLikeImage(file: File): boolean {
  return file.type.startsWith('image/') || HEIF_NAME.test(file.name)
}

/** What an image field says it takes. */
export const IMAGE_TYPES_DESCRIPTION = 'JPEG, PNG, WebP, GIF, AVIF or HEIC (iPhone photos). Large photos are made smaller before they are sent.'

/** Whether a browser can show the chosen file as a preview: most cannot show HEIC. */
export function canShowInBrowser(file: File): boolean {
  return file.type.startsWith('image/') && !/hei[cf]/i.test(file.type) && !HEIF_NAME.test(file.name)
}

/**
 * A photo is made smaller in the browser before it is sent when it is over
 * the upload limit, or its longer side is over this many pixels: the site
 * keeps at most 1600 px wide, so nothing it shows is lost, and a phone's
 * 12 MP photo arrives in a quarter of the time.
 */
export const UPLOAD_LONG_EDGE = 3200
/** Files smaller than this are sent as they are: too small for resizing to matter. */
export const RESIZE_FROM_BYTES = 1.5 * 1024 * 1024
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
    return !file || looksLikeImage(file)
  }, UPLOAD_MESSAGES.notAnImage)
