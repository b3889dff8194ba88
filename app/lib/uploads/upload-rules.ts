import { z } from 'zod'
/** Limits and types for uploaded files, shared by the pickers (accept=, quick checks) and the server (the real checks). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024
export const MAX_FILES_PER_UPLOAD = 20

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif'
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx'

/** Widths of the WebP copies made of each uploaded image, for `srcset`. */
export const IMAGE_VARIANT_WIDTHS = [480, 960] as const
/** The main copy is at most this wide. */
export const IMAGE_MAX_WIDTH = 1600

export const UPLOAD_MESSAGES = {
  notAnImage: 'Please select an image file',
  notADocument: 'Please select a PDF or Word document (.pdf, .doc, .docx)',
  imageTooLarge: `Images must be smaller than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
  documentTooLarge: `Documents must be smaller than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`,
  uploadFailed: 'Failed to upload image',
} as const

/** `/files/gallery/a/b.webp` → `/files/gallery/a/b.w480.webp`: where a width variant of a stored image lives. */
export function variantUrl(url: string, width: number) {
  return url.replace(/\.webp$/, `.w${width}.webp`)
}

/**
 * `srcset` for an image stored by this app (our `/files/…` WebP images all
 * have their variants); none for images from elsewhere.
 */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !/^\/files\/[a-z]+\/.+\.webp$/.test(url) || /\.w\d+\.webp$/.test(url)) return undefined
  return [...IMAGE_VARIANT_WIDTHS.map((width) => `${variantUrl(url, width)} ${width}w`), `${url} ${IMAGE_MAX_WIDTH}w`].join(', ')
}

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
