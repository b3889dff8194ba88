import { Readable } from 'node:stream'
import { assertValidKey, InvalidKeyError, isBucket } from '#app/lib/storage/storage.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import type { Route } from './+types/files.ts'

const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp|avif)|application\/pdf)$/

/**
 * Stored files at a stable address: /files/{bucket}/{key}. Names are never
 * reused (uploads get fresh random names), so they may be cached for a year.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const key = params['*'] ?? ''
  if (!isBucket(params.bucket)) return new Response('Not found', { status: 404 })
  try {
    assertValidKey(key)
  } catch (error) {
    if (error instanceof InvalidKeyError) return new Response('Not found', { status: 404 })
    throw error
  }
  const object = await storage.get(params.bucket, key)
  if (!object) return new Response('Not found', { status: 404 })
  const headers = new Headers({
    'Content-Type': object.contentType,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  })
  if (object.size) headers.set('Content-Length', String(object.size))
  if (!INLINE_TYPES.test(object.contentType)) headers.set('Content-Disposition', 'attachment')
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, { headers })
}
