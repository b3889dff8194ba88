import type { Readable } from 'node:stream'
import { isStorageKey, parseStoredFileUrl } from '../url-rules.ts'

export const BUCKETS = ['gallery', 'uploads', 'blogs', 'policies', 'pages'] as const
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

/** Keys are relative paths of simple segments (`isStorageKey`): none can leave its bucket. */
export function assertValidKey(key: string): void {
  if (!isStorageKey(key)) throw new InvalidKeyError(`Invalid storage key: ${JSON.stringify(key)}`)
}

/** The stable public address of a stored file, whatever the driver. */
export function publicUrl(bucket: Bucket, key: string): string {
  assertValidKey(key)
  return `/files/${bucket}/${key}`
}

/** Parses a URL made by `publicUrl` back into its bucket and key, or null for any other URL. */
export function parsePublicUrl(url: string): { bucket: Bucket; key: string } | null {
  const parsed = parseStoredFileUrl(url)
  return parsed && isBucket(parsed.bucket) ? { bucket: parsed.bucket, key: parsed.key } : null
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
