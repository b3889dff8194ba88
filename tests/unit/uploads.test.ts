import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, test } from 'vitest'
import { createLocalStorage } from '#app/lib/storage/local-storage.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'
import { checkDocumentUpload, checkImageUpload, removeStoredFiles, storeImage } from '#app/lib/uploads/uploads.server.ts'
import { simplePdf } from '#app/services/seed/simple-pdf.ts'
import { bilevelPng, compoundFile, gifCanvas, heicWithExifOrientation, heicWithRotation, wordDocument, wordFileInformationBlock } from '#tests/setup/crafted-files.ts'
import { png as pngWithRows } from '#tests/setup/hostile-values.ts'

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'school-uploads-'))
const storage = createLocalStorage(root)
afterAll(() => fs.rm(root, { recursive: true, force: true }))

async function png(width: number, height: number) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).png().toBuffer()
  return new Uint8Array(bytes)
}

function file(bytes: Uint8Array | string, name: string, type: string) {
  return new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type })
}

describe('image uploads are checked by their content', () => {
  test('a real PNG passes, whatever the browser called it', async () => {
    const result = await checkImageUpload(file(await png(40, 30), 'holiday.txt', 'text/plain'))
    expect(result.ok).toBe(true)
  })

  test.each([
    ['an SVG (it can carry scripts)', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'pic.svg', 'image/svg+xml'],
    ['text named .png', 'hello, not an image', 'pic.png', 'image/png'],
    ['a PDF claiming to be an image', simplePdf('Doc', ['x']), 'pic.jpg', 'image/jpeg'],
    ['a truncated PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'pic.png', 'image/png'],
  ])("%s is refused with 'Please select an image file'", async (_label, bytes, name, type) => {
    expect(await checkImageUpload(file(bytes, name, type))).toEqual({ ok: false, error: UPLOAD_MESSAGES.notAnImage })
  })

  test('no file, an empty file and a file over the limit are refused', async () => {
    expect(await checkImageUpload(null)).toEqual({ ok: false, error: UPLOAD_MESSAGES.notAnImage })
    expect(await checkImageUpload(file('', 'empty.png', 'image/png'))).toEqual({ ok: false, error: UPLOAD_MESSAGES.notAnImage })
    const huge = new Uint8Array(MAX_IMAGE_BYTES + 1)
    expect(await checkImageUpload(file(huge, 'huge.png', 'image/png'))).toEqual({ ok: false, error: UPLOAD_MESSAGES.imageTooLarge })
  })
})

describe('images too large to decode are refused from their header', () => {
  test('the limit is 40 megapixels, and its message names it', () => {
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000)
    expect(UPLOAD_MESSAGES.imagePixelsTooMany).toBe('Images must be at most 40 megapixels (for example 8000 × 5000 pixels)')
  })

  test('a small PNG of 16000 × 16000 pixels is refused at once, without decoding it', async () => {
    const bomb = bilevelPng(16_000, 16_000)
    expect(bomb.byteLength).toBeLessThan(100_000)
    const rssBefore = process.memoryUsage().rss
    const started = performance.now()
    expect(await checkImageUpload(file(bomb, 'bomb.png', 'image/png'))).toEqual({ ok: false, error: UPLOAD_MESSAGES.imagePixelsTooMany })
    expect(performance.now() - started).toBeLessThan(2_000)
    // Decoding would take 256 MB for the pixels alone.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024)
  })

  test('a GIF of 35 bytes whose frame claims 10000 × 5000 is refused; a small one passes', async () => {
    expect(await checkImageUpload(file(gifCanvas(10_000, 5_000), 'tiny.gif', 'image/gif'))).toEqual({ ok: false, error: UPLOAD_MESSAGES.imagePixelsTooMany })
    const small = await checkImageUpload(file(gifCanvas(40, 30), 'tiny.gif', 'image/gif'))
    expect(small.ok).toBe(true)
    expect(small.ok && small.value).toBeInstanceOf(Uint8Array)
  })

  test('exactly at the limit the header passes (this one then fails to decode: its rows are missing)', async () => {
    expect(await checkImageUpload(file(pngWithRows(8_000, 5_000, 1), 'cut.png', 'image/png'))).toEqual({ ok: false, error: UPLOAD_MESSAGES.notAnImage })
    expect(await checkImageUpload(file(pngWithRows(8_000, 5_001, 1), 'cut.png', 'image/png'))).toEqual({ ok: false, error: UPLOAD_MESSAGES.imagePixelsTooMany })
  })

  test('a stored image is never decoded above the limit, whoever calls storeImage', async () => {
    await expect(storeImage(storage, 'uploads', gifCanvas(10_000, 5_000))).rejects.toThrow(/pixel limit/i)
  })
})

describe('phone photos', () => {
  const heic = async () => new Uint8Array(await fs.readFile(path.join(import.meta.dirname, '../fixtures/iphone-portrait.heic')))

  test('a HEIC photo, however the browser typed it, is decoded into an image the site stores as WebP, the right way up and without metadata', async () => {
    for (const type of ['image/heic', '']) {
      const checked = await checkImageUpload(file(await heic(), 'IMG_0001.HEIC', type))
      if (!checked.ok) throw new Error(checked.error)
      const url = await storeImage(storage, 'gallery', checked.value)
      const location = parsePublicUrl(url)!
      const stored = sharp(await fs.readFile(path.join(root, location.bucket, location.key)))
      const metadata = await stored.metadata()
      expect({ format: metadata.format, width: metadata.width, height: metadata.height, exif: metadata.exif }).toEqual({ format: 'webp', width: 300, height: 400, exif: undefined })
      // The photo's top is orange, its bottom blue.
      const { data } = await stored.clone().extract({ left: 150, top: 20, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true })
      const { data: bottom } = await stored.clone().extract({ left: 150, top: 380, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true })
      expect(data[0]).toBeGreaterThan(200)
      expect(bottom[2]).toBeGreaterThan(200)
    }
  })

  test('a JPEG held sideways is stored turned upright, and its EXIF (camera, GPS) is dropped', async () => {
    // Stored 400 wide and 300 high, orange on its left half; EXIF orientation 6 says: turn it 90° clockwise to view.
    const orange = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#f97316' } }).png().toBuffer()
    const sideways = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2563eb' } })
      .composite([{ input: orange, left: 0, top: 0 }])
      .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
    expect((await sharp(sideways).metadata()).orientation).toBe(6)
    const checked = await checkImageUpload(file(new Uint8Array(sideways), 'IMG_0004.JPG', 'image/jpeg'))
    if (!checked.ok) throw new Error(checked.error)
    const location = parsePublicUrl(await storeImage(storage, 'gallery', checked.value))!
    const stored = sharp(await fs.readFile(path.join(root, location.bucket, location.key)))
    const metadata = await stored.metadata()
    expect({ width: metadata.width, height: metadata.height, exif: metadata.exif, orientation: metadata.orientation }).toEqual({ width: 300, height: 400, exif: undefined, orientation: undefined })
    // Turned clockwise, the orange left half is now the top.
    const { data } = await stored.clone().extract({ left: 150, top: 20, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true })
    expect(data[0]).toBeGreaterThan(200)
  })

  /** The stored copy of a checked upload: its size, and the colour near the middle of its top, left and right edges. */
  async function storedHeic(bytes: Uint8Array) {
    const checked = await checkImageUpload(file(bytes, 'IMG_0005.HEIC', 'image/heic'))
    if (!checked.ok) throw new Error(checked.error)
    const location = parsePublicUrl(await storeImage(storage, 'gallery', checked.value))!
    const stored = sharp(await fs.readFile(path.join(root, location.bucket, location.key)))
    const { width, height } = await stored.metadata()
    const pixel = async (left: number, top: number) => [...(await stored.clone().extract({ left, top, width: 1, height: 1 }).raw().toBuffer())]
    return { width, height, top: await pixel(Math.floor(width / 2), 5), left: await pixel(5, Math.floor(height / 2)), right: await pixel(width - 5, Math.floor(height / 2)) }
  }

  // The fixture's pixels: 300 × 400, orange top, blue bottom. Turned a quarter clockwise to view, it is 400 × 300 with the orange on the right.
  const isOrange = (rgb: number[]) => rgb[0]! > 200 && rgb[2]! < 100
  const isBlue = (rgb: number[]) => rgb[2]! > 150 && rgb[0]! < 120

  test('a HEIC photo whose irot box says to turn it is stored turned, whether or not its EXIF says the same', async () => {
    const marked = heicWithRotation(await heic(), 3)
    for (const bytes of [marked, heicWithExifOrientation(marked, 6)]) {
      const stored = await storedHeic(bytes)
      expect({ width: stored.width, height: stored.height }).toEqual({ width: 400, height: 300 })
      expect(isOrange(stored.right) && isBlue(stored.left)).toBe(true)
    }
  })

  test('a HEIC photo without irot but with an EXIF orientation (as some encoders write) is stored upright, as a JPEG is', async () => {
    const stored = await storedHeic(heicWithExifOrientation(await heic(), 6))
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 400, height: 300 })
    expect(isOrange(stored.right) && isBlue(stored.left)).toBe(true)
    const upsideDown = await storedHeic(heicWithExifOrientation(await heic(), 3))
    expect({ width: upsideDown.width, height: upsideDown.height }).toEqual({ width: 300, height: 400 })
    expect(isBlue(upsideDown.top)).toBe(true)
  })

  test('a HEIC file that is cut short, or a JPEG renamed .heic that is not one, is refused like any broken image', async () => {
    const bytes = await heic()
    expect(await checkImageUpload(file(bytes.slice(0, 200), 'IMG_0002.HEIC', 'image/heic'))).toEqual({ ok: false, error: UPLOAD_MESSAGES.notAnImage })
    expect(await checkImageUpload(file('not a photo', 'IMG_0003.HEIC', 'image/heic'))).toEqual({ ok: false, error: UPLOAD_MESSAGES.notAnImage })
  })
})

describe('document uploads', () => {
  test('a PDF passes and keeps its type; an image or text does not', async () => {
    const pdf = await checkDocumentUpload(file(simplePdf('Policy', ['Line']), 'policy.pdf', 'application/pdf'))
    expect(pdf).toMatchObject({ ok: true, value: { ext: 'pdf', contentType: 'application/pdf' } })
    expect(await checkDocumentUpload(file(await png(4, 4), 'policy.pdf', 'application/pdf'))).toEqual({ ok: false, error: UPLOAD_MESSAGES.notADocument })
    expect(await checkDocumentUpload(file('just text', 'policy.doc', 'application/msword'))).toEqual({ ok: false, error: UPLOAD_MESSAGES.notADocument })
  })

  test('a Word 97–2003 document passes as .doc', async () => {
    const doc = await checkDocumentUpload(file(wordDocument(), 'policy.doc', 'application/msword'))
    expect(doc).toMatchObject({ ok: true, value: { ext: 'doc', contentType: 'application/msword' } })
  })

  test.each([
    ['an Excel workbook', compoundFile({ Workbook: new Uint8Array(4096), '\u0005SummaryInformation': new Uint8Array(512) })],
    ['an installer-like file', compoundFile({ '\u4840\u3f3f\u4577\u446c\u3b6a': new Uint8Array(64), '\u0005SummaryInformation': new Uint8Array(512) })],
    ['a WordDocument stream inside a storage, not at the root', compoundFile({ 'Embedded/WordDocument': wordFileInformationBlock(), Workbook: new Uint8Array(4096) })],
    ['a WordDocument stream that is not a Word file information block', compoundFile({ WordDocument: wordFileInformationBlock(0x1234) })],
    ['a WordDocument stream too short to hold one', compoundFile({ WordDocument: new Uint8Array([0xec]) })],
    ['a compound file cut short', wordDocument().slice(0, 600)],
  ])('another compound file is refused as a .doc: %s', async (_label, bytes) => {
    expect(await checkDocumentUpload(file(bytes, 'policy.doc', 'application/msword'))).toEqual({ ok: false, error: UPLOAD_MESSAGES.notADocument })
  })
})

describe('stored images', () => {
  test('are WebP at most 1600 px wide with 480 and 960 px copies; removing removes them all', async () => {
    const url = await storeImage(storage, 'gallery', await png(2400, 1200), 'events')
    expect(url).toMatch(/^\/files\/gallery\/events\/[0-9a-f-]{36}\.webp$/)
    const widths: Record<string, number | undefined> = {}
    for (const candidate of [url, url.replace('.webp', '.w480.webp'), url.replace('.webp', '.w960.webp')]) {
      const location = parsePublicUrl(candidate)!
      const stored = await fs.readFile(path.join(root, location.bucket, location.key))
      const metadata = await sharp(stored).metadata()
      expect(metadata.format).toBe('webp')
      widths[candidate.slice(-10)] = metadata.width
    }
    expect(Object.values(widths).sort((a, b) => a! - b!)).toEqual([480, 960, 1600])
    expect(imageSrcSet(url)).toBe(`${url.replace('.webp', '.w480.webp')} 480w, ${url.replace('.webp', '.w960.webp')} 960w, ${url} 1600w`)

    await removeStoredFiles(storage, [url, 'https://example.org/elsewhere.webp', null])
    expect(await fs.readdir(path.join(root, 'gallery', 'events'))).toEqual([])
  })

  test('a small image is not enlarged', async () => {
    const url = await storeImage(storage, 'uploads', await png(300, 200))
    const location = parsePublicUrl(url.replace('.webp', '.w960.webp'))!
    expect((await sharp(await fs.readFile(path.join(root, location.bucket, location.key))).metadata()).width).toBe(300)
  })

  test('no srcset for images from elsewhere', () => {
    expect(imageSrcSet('https://example.org/a.webp')).toBeUndefined()
    expect(imageSrcSet('/files/gallery/a.png')).toBeUndefined()
    expect(imageSrcSet(null)).toBeUndefined()
  })
})
