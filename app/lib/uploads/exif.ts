import exifReader from 'exif-reader'

/**
 * The two EXIF values the upload path needs, from the raw block sharp's
 * `metadata().exif` gives: the orientation, and when the photo was taken. A
 * block that is cut short or malformed gives nothing rather than an error:
 * both are hints.
 */
export interface ExifFacts {
  /** 1 to 8, as the camera wrote it. */
  orientation?: number
  /** DateTimeOriginal as the camera's clock read it, 'YYYY-MM-DDTHH:MM:SS' (no time zone: cameras rarely know it). */
  takenAt?: string
}

export function readExif(block: Uint8Array | undefined): ExifFacts {
  if (!block) return {}
  let tags: ReturnType<typeof exifReader>
  try {
    tags = exifReader(Buffer.from(block.buffer, block.byteOffset, block.byteLength))
  } catch {
    return {}
  }
  const facts: ExifFacts = {}
  const orientation = tags.Image?.Orientation
  if (Number.isInteger(orientation) && orientation! >= 1 && orientation! <= 8) facts.orientation = orientation
  // The reader gives the camera's clock as if it were UTC; a clock never set (zeros) gives no date.
  const taken = tags.Photo?.DateTimeOriginal
  if (taken instanceof Date && !Number.isNaN(taken.getTime()) && taken.getUTCFullYear() > 0) facts.takenAt = taken.toISOString().slice(0, 19)
  return facts
}
