import type { Readable } from 'node:stream'

export const BUCKETS = ['gallery', 'uploads', 'blogs', 'policies'] as const
export type Bucket = (typeof BUCKETS)[number]

export function isBucket(value: string): value is Bucket {
  return (BUCKETS as readonly string[]).includes(value)
}

export interface StoredObject {
  body: Readable
  size: number
  contentType: string
}

/** One interface for file storage; the driver is picked from configuration. */
export interface Storage {
  put(bucket: Bucket, key: string, body: Uint8Array, contentType: string): Promise<void>
  get(bucket: Bucket, key: string): Promise<StoredObject | null>
  delete(bucket: Bucket, key: string): Promise<void>
  /** Every key in a bucket, for backups and for moving a site to another store. */
  list(bucket: Bucket): AsyncIterable<string>
  /** True when the backing store answers; for readiness checks. */
  ping(): Promise<boolean>
}

export class InvalidKeyError extends Error {
  override name = 'InvalidKeyError'
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/

/**
 * Keys are relative paths of simple segments: no `..`, no absolute paths,
 * no backslashes or control characters, so no key can leave its bucket on
 * disk nor name another bucket's object in S3.
 */
export function assertValidKey(key: string): void {
  const segments = key.split('/')
  const valid =
    key.length > 0 &&
    key.length <= 512 &&
    segments.length <= 8 &&
    segments.every((segment) => SEGMENT.test(segment) && !segment.includes('..'))
  if (!valid) throw new InvalidKeyError(`Invalid storage key: ${JSON.stringify(key)}`)
}

/** The stable public address of a stored file, whatever the driver. */
export function publicUrl(bucket: Bucket, key: string): string {
  assertValidKey(key)
  return `/files/${bucket}/${key}`
}

/** Parses a URL made by `publicUrl` back into its bucket and key, or null for any other URL. */
export function parsePublicUrl(url: string): { bucket: Bucket; key: string } | null {
  const match = /^\/files\/([a-z]+)\/(.+)$/.exec(url)
  if (!match || !isBucket(match[1]!)) return null
  try {
    assertValidKey(match[2]!)
  } catch {
    return null
  }
  return { bucket: match[1], key: match[2]! }
}

/** A Map: the extension comes from a stored key, and a plain object would also answer to '__proto__' or 'constructor'. */
const CONTENT_TYPES = new Map([
  ['avif', 'image/avif'],
  ['gif', 'image/gif'],
  ['jpeg', 'image/jpeg'],
  ['jpg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
  ['pdf', 'application/pdf'],
  ['doc', 'application/msword'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
])

export function contentTypeFor(key: string): string {
  const extension = key.split('.').pop()?.toLowerCase() ?? ''
  return CONTENT_TYPES.get(extension) ?? 'application/octet-stream'
}
