import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, RESIZE_FROM_BYTES, UPLOAD_LONG_EDGE } from '#app/lib/uploads/upload-rules.ts'

/** Types the browser can decode and draw on a canvas; HEIC, GIF (animation) and the rest go as they are. */
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp'])
const JPEG_QUALITY = 0.88

function encoded(canvas: HTMLCanvasElement | OffscreenCanvas, type: string): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality: JPEG_QUALITY }).catch(() => null)
  return new Promise((resolve) => canvas.toBlob(resolve, type, JPEG_QUALITY))
}

function renamed(name: string, type: string) {
  const ext = type === 'image/jpeg' ? 'jpg' : type.slice('image/'.length)
  return `${name.replace(/\.[^.]*$/, '') || 'photo'}.${ext}`
}

/**
 * The photo as it is best sent (docs/product-rules.md#uploads-and-files): a
 * large JPEG, PNG or WebP is redrawn with its longer side at most
 * UPLOAD_LONG_EDGE pixels, turned the way the camera held it, so a 12 MB or
 * 48 MP phone photo goes through and a slow connection carries a quarter of
 * the bytes. JPEGs stay JPEG; PNG and WebP (which may be transparent) become
 * WebP. Anything the browser cannot decode, or that would not get smaller,
 * is sent unchanged and the server decides.
 */
export async function fitImageForUpload(file: File): Promise<File> {
  if (!RESIZABLE.has(file.type) || file.size < RESIZE_FROM_BYTES || typeof createImageBitmap !== 'function') return file
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return file
  }
  try {
    const longEdge = Math.max(bitmap.width, bitmap.height)
    const tooLarge = file.size > MAX_IMAGE_BYTES || bitmap.width * bitmap.height > MAX_IMAGE_PIXELS
    if (longEdge <= UPLOAD_LONG_EDGE && !tooLarge) return file
    const scale = Math.min(1, UPLOAD_LONG_EDGE / longEdge)
    const width = Math.round(bitmap.width * scale)
    const height = Math.round(bitmap.height * scale)
    const canvas = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(width, height) : Object.assign(document.createElement('canvas'), { width, height })
    const context = canvas.getContext('2d')
    if (!context) return file
    context.imageSmoothingQuality = 'high'
    context.drawImage(bitmap, 0, 0, width, height)
    const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/webp'
    const blob = await encoded(canvas, type)
    // A browser that cannot write this type answers with a PNG, which may well be larger.
    if (!blob || blob.type !== type || blob.size >= file.size) return file
    return new File([blob], renamed(file.name, type), { type, lastModified: file.lastModified })
  } finally {
    bitmap.close()
  }
}

/** Every file of a file input, fitted for upload, put back into the input: a form then sends the fitted files. */
export async function fitChosenImages(input: HTMLInputElement): Promise<void> {
  const chosen = Array.from(input.files ?? [])
  if (chosen.length === 0 || typeof DataTransfer !== 'function') return
  // One at a time: a phone decoding twenty photos at once runs out of memory.
  const fitted: File[] = []
  for (const file of chosen) fitted.push(await fitImageForUpload(file))
  if (fitted.every((file, index) => file === chosen[index])) return
  const transfer = new DataTransfer()
  for (const file of fitted) transfer.items.add(file)
  input.files = transfer.files
}
