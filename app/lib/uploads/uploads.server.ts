import { fileTypeFromBuffer } from 'file-type'
import { newId } from '#db/portable.ts'
import { logger } from '../logger.server.ts'
import { parsePublicUrl, publicUrl, type Bucket, type Storage } from '../storage/storage.ts'
import { chosenFile, MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, UPLOAD_MESSAGES } from './upload-rules.ts'
import { IMAGE_MAX_WIDTH, IMAGE_VARIANT_WIDTHS, variantUrl } from './image-variants.ts'
import { decodeHeif } from './heif-decoder.server.ts'
import { heifHasTransform } from './heif-boxes.ts'
import { readExif } from './exif.ts'
import { loadSharp } from './image-tool.server.ts'
import { isWordDocument } from './word-document.server.ts'

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string }

/** Formats decoded by sharp that are safe to show; SVG is refused (it can carry scripts). */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'])
/** Phone photos (HEIC is every iPhone's default) that sharp reads the header of but cannot decode: `decodeHeif` does. */
const HEIF_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'])

type DocumentType = { ext: string; contentType: string; isThisType?: (bytes: Uint8Array) => boolean }

/** By the type file-type reads from the magic bytes; `isThisType` looks further where those bytes are shared. */
const DOCUMENT_TYPES: Record<string, DocumentType> = {
  'application/pdf': { ext: 'pdf', contentType: 'application/pdf' },
  // .doc files are OLE compound files, a container other formats share.
  'application/x-cfb': { ext: 'doc', contentType: 'application/msword', isThisType: isWordDocument },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    ext: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
}

/**
 * Uploaded bytes as sharp reads them: only the first frame of an animation
 * (a stored image is a still WebP), and never more pixels than the limit,
 * which sharp enforces from the header before decoding.
 */
async function uploadedImage(bytes: Uint8Array) {
  const sharp = await loadSharp()
  return sharp(bytes, { animated: false, limitInputPixels: MAX_IMAGE_PIXELS })
}

/** Width × height of the frame that would be decoded, from the header alone; null when there is no readable header. */
async function framePixels(bytes: Uint8Array): Promise<number | null> {
  try {
    // Read like uploadedImage reads it (first frame only), but without the limit, so the refusal can name it.
    const sharp = await loadSharp()
    const { width, height } = await sharp(bytes, { animated: false, limitInputPixels: false }).metadata()
    return width * height
  } catch {
    return null
  }
}

/**
 * The bytes of an uploaded image after checking what they really are (magic
 * bytes, the size its header claims, then a full decode), never the browser's claim.
 */
export async function checkImageUpload(value: unknown): Promise<Checked<Uint8Array>> {
  const file = chosenFile(value)
  if (!file) return { ok: false, error: UPLOAD_MESSAGES.notAnImage }
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, error: UPLOAD_MESSAGES.imageTooLarge }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const type = await fileTypeFromBuffer(bytes)
  const heif = type !== undefined && HEIF_TYPES.has(type.mime)
  if (!type || !(IMAGE_TYPES.has(type.mime) || heif)) return { ok: false, error: UPLOAD_MESSAGES.notAnImage }
  const pixels = await framePixels(bytes)
  if (pixels === null) return { ok: false, error: UPLOAD_MESSAGES.notAnImage }
  if (pixels > MAX_IMAGE_PIXELS) return { ok: false, error: UPLOAD_MESSAGES.imagePixelsTooMany }
  if (heif) return heifAsPng(bytes)
  try {
    await (await uploadedImage(bytes)).stats()
  } catch {
    return { ok: false, error: UPLOAD_MESSAGES.notAnImage }
  }
  return { ok: true, value: bytes }
}

/** What turns a photo of each EXIF orientation upright; sharp mirrors before it rotates. */
const UPRIGHT: Record<number, { rotate?: number; flop?: boolean; flip?: boolean }> = {
  2: { flop: true },
  3: { rotate: 180 },
  4: { flip: true },
  5: { flop: true, rotate: 270 },
  6: { rotate: 90 },
  7: { flop: true, rotate: 90 },
  8: { rotate: 270 },
}

/**
 * How to turn a decoded HEIC/HEIF photo upright: libheif has applied the
 * file's own turn (`irot`, `imir`) if it has one; without one, some encoders
 * say it only in the EXIF orientation, which JPEGs follow too.
 */
async function heifTurn(bytes: Uint8Array) {
  if (heifHasTransform(bytes)) return {}
  const sharp = await loadSharp()
  const { exif } = await sharp(bytes, { limitInputPixels: false }).metadata()
  return UPRIGHT[readExif(exif).orientation ?? 1] ?? {}
}

/**
 * A HEIC/HEIF photo as a PNG that the rest of the upload path reads like any
 * other image: upright, already as wide as the widest stored copy (no
 * wider), and with nothing of the original's metadata.
 */
async function heifAsPng(bytes: Uint8Array): Promise<Checked<Uint8Array>> {
  try {
    const turn = await heifTurn(bytes)
    const { width, height, data } = await decodeHeif(bytes)
    const sharp = await loadSharp()
    const png = await sharp(data, { raw: { width, height, channels: 4 } })
      .flop(turn.flop ?? false)
      .flip(turn.flip ?? false)
      .rotate(turn.rotate ?? 0)
      .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .png({ compressionLevel: 2 })
      .toBuffer()
    return { ok: true, value: new Uint8Array(png) }
  } catch (error) {
    logger.info({ err: error }, 'upload: a HEIF file did not decode')
    return { ok: false, error: UPLOAD_MESSAGES.notAnImage }
  }
}

/**
 * When the camera took the photo (EXIF DateTimeOriginal), read from the file
 * as uploaded (a HEIC photo's check gives back pixels without metadata);
 * null when the file does not say.
 */
export async function photoTakenAt(value: unknown): Promise<string | null> {
  const file = chosenFile(value)
  if (!file) return null
  try {
    const sharp = await loadSharp()
    const { exif } = await sharp(new Uint8Array(await file.arrayBuffer()), { limitInputPixels: false }).metadata()
    return readExif(exif).takenAt ?? null
  } catch {
    return null
  }
}

export async function checkDocumentUpload(value: unknown): Promise<Checked<{ bytes: Uint8Array; ext: string; contentType: string }>> {
  const file = chosenFile(value)
  if (!file) return { ok: false, error: UPLOAD_MESSAGES.notADocument }
  if (file.size > MAX_DOCUMENT_BYTES) return { ok: false, error: UPLOAD_MESSAGES.documentTooLarge }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const type = await fileTypeFromBuffer(bytes)
  const document = type ? DOCUMENT_TYPES[type.mime] : undefined
  if (!document || (document.isThisType && !document.isThisType(bytes))) return { ok: false, error: UPLOAD_MESSAGES.notADocument }
  return { ok: true, value: { bytes, ext: document.ext, contentType: document.contentType } }
}

async function webp(bytes: Uint8Array, width: number) {
  // rotate() applies the camera's orientation; metadata (GPS and all) is dropped.
  const output = await (await uploadedImage(bytes)).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer()
  return new Uint8Array(output)
}

/**
 * Stores an image as WebP (at most 1600 px wide) plus smaller WebP copies for
 * `srcset`, under `{prefix}/{random id}.webp` (docs/product-rules.md#uploads-and-files).
 * Returns the public URL of the main copy.
 */
export async function storeImage(storage: Storage, bucket: Bucket, bytes: Uint8Array, prefix?: string): Promise<string> {
  const key = `${prefix ? `${prefix}/` : ''}${newId()}.webp`
  const url = publicUrl(bucket, key)
  const copies = await Promise.all([
    webp(bytes, IMAGE_MAX_WIDTH).then((body) => ({ url, body })),
    ...IMAGE_VARIANT_WIDTHS.map(async (width) => ({ url: variantUrl(url, width), body: await webp(bytes, width) })),
  ])
  const stored: string[] = []
  try {
    for (const copy of copies) {
      const location = parsePublicUrl(copy.url)!
      await storage.put(location.bucket, location.key, copy.body, 'image/webp')
      stored.push(copy.url)
    }
  } catch (error) {
    await removeStoredFiles(storage, stored)
    throw error
  }
  return url
}

/** Stores several checked images, all or none: when one cannot be stored, those stored before it are removed. Returns their URLs in order. */
export async function storeImages(storage: Storage, bucket: Bucket, images: readonly Uint8Array[], prefix?: string): Promise<string[]> {
  const stored: string[] = []
  try {
    for (const bytes of images) stored.push(await storeImage(storage, bucket, bytes, prefix))
  } catch (error) {
    await removeStoredFiles(storage, stored)
    throw error
  }
  return stored
}

/** A policy document is stored as {timestamp}-{random}.{ext}: its name says when it was uploaded. */
export async function storeDocument(storage: Storage, document: { bytes: Uint8Array; ext: string; contentType: string }): Promise<string> {
  const key = `${Date.now()}-${newId().slice(0, 8)}.${document.ext}`
  await storage.put('policies', key, document.bytes, document.contentType)
  return publicUrl('policies', key)
}

/**
 * Removes files this app stored (and an image's width copies), ignoring URLs
 * from elsewhere. Called after the row that pointed at them is gone.
 */
export async function removeStoredFiles(storage: Storage, urls: readonly (string | null | undefined)[]) {
  for (const url of urls) {
    if (!url) continue
    const related = url.endsWith('.webp') ? [url, ...IMAGE_VARIANT_WIDTHS.map((width) => variantUrl(url, width))] : [url]
    for (const candidate of related) {
      const location = parsePublicUrl(candidate)
      if (!location) continue
      try {
        await storage.delete(location.bucket, location.key)
      } catch (error) {
        logger.warn({ err: error, file: candidate }, 'storage: could not remove a replaced file')
      }
    }
  }
}
