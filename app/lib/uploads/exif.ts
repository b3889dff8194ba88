/**
 * The two EXIF values the upload path needs, read from the raw block sharp's
 * `metadata().exif` gives (a TIFF structure, after an 'Exif\0\0' header in a
 * JPEG's): the orientation, and when the photo was taken. A block that is cut
 * short or malformed gives nothing rather than an error: both are hints.
 */
export interface ExifFacts {
  /** 1 to 8, as the camera wrote it. */
  orientation?: number
  /** DateTimeOriginal as the camera's clock read it, 'YYYY-MM-DDTHH:MM:SS' (no time zone: cameras rarely know it). */
  takenAt?: string
}

const ORIENTATION = 0x0112
const EXIF_IFD_POINTER = 0x8769
const DATE_TIME_ORIGINAL = 0x9003
const TYPE_SHORT = 3
const TYPE_LONG = 4
const TYPE_ASCII = 2
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0]
const TAKEN_AT = /^(\d{4}):(\d\d):(\d\d) (\d\d):(\d\d):(\d\d)$/

export function readExif(block: Uint8Array | undefined): ExifFacts {
  if (!block) return {}
  const start = EXIF_HEADER.every((byte, index) => block[index] === byte) ? EXIF_HEADER.length : 0
  const tiff = new DataView(block.buffer, block.byteOffset + start, Math.max(0, block.byteLength - start))
  try {
    return readTiff(tiff)
  } catch {
    return {}
  }
}

function readTiff(tiff: DataView): ExifFacts {
  const order = tiff.getUint16(0)
  if (order !== 0x4949 && order !== 0x4d4d) return {}
  const little = order === 0x4949
  const facts: ExifFacts = {}
  const ifd0 = entries(tiff, tiff.getUint32(4, little), little)
  const orientation = ifd0.get(ORIENTATION)
  if (orientation?.type === TYPE_SHORT) {
    const value = tiff.getUint16(orientation.valueAt, little)
    if (value >= 1 && value <= 8) facts.orientation = value
  }
  const pointer = ifd0.get(EXIF_IFD_POINTER)
  if (pointer?.type === TYPE_LONG) {
    const taken = entries(tiff, tiff.getUint32(pointer.valueAt, little), little).get(DATE_TIME_ORIGINAL)
    if (taken?.type === TYPE_ASCII && taken.count >= 19) {
      // More than four bytes of text: the entry holds where the text is.
      const text = ascii(tiff, tiff.getUint32(taken.valueAt, little), 19)
      const parts = TAKEN_AT.exec(text)
      // A camera whose clock was never set writes zeros (or spaces): no date.
      if (parts && parts[1] !== '0000') facts.takenAt = `${parts[1]}-${parts[2]}-${parts[3]}T${parts[4]}:${parts[5]}:${parts[6]}`
    }
  }
  return facts
}

interface Entry {
  type: number
  count: number
  /** Where the value (up to four bytes) or the offset of a longer one is. */
  valueAt: number
}

function entries(tiff: DataView, offset: number, little: boolean): Map<number, Entry> {
  const found = new Map<number, Entry>()
  const count = tiff.getUint16(offset, little)
  for (let index = 0; index < count; index++) {
    const at = offset + 2 + index * 12
    found.set(tiff.getUint16(at, little), { type: tiff.getUint16(at + 2, little), count: tiff.getUint32(at + 4, little), valueAt: at + 8 })
  }
  return found
}

function ascii(tiff: DataView, offset: number, length: number) {
  let text = ''
  for (let index = 0; index < length; index++) text += String.fromCharCode(tiff.getUint8(offset + index))
  return text
}
