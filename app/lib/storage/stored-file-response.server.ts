import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { isExternalUrl } from '../url-rules.ts'
import { attachmentDisposition } from './download-name.ts'
import { storage } from './storage.server.ts'
import { parsePublicUrl, type StoredObject } from './storage.ts'

/**
 * A stored file as a response: its type, never sniffed, and under a
 * sandboxing Content-Security-Policy, so nothing in it runs on this site's
 * origin even if a browser were to show it.
 */
export function storedFileResponse(object: StoredObject, headers: Record<string, string>): Response {
  const all = new Headers({
    'Content-Type': object.contentType,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    ...headers,
  })
  if (object.size) all.set('Content-Length', String(object.size))
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, { headers: all })
}

/** A strong validator of a stored file sent under `name`: a key never gets other bytes, so the key and the name make it. */
export function storedFileEtag(key: string, name = ''): string {
  return `"${createHash('sha256').update(`${key}\u0000${name}`).digest('base64url').slice(0, 27)}"`
}

/** Whether the request's If-None-Match names this ETag (a weak form too: compression marks what it changes weak). */
export function matchesEtag(request: Request, etag: string): boolean {
  const given = request.headers.get('if-none-match')
  return given !== null && given.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag)
}

/**
 * A document at an address that stays while the document changes: a file
 * stored here is sent as a download named `title` (with the stored file's
 * extension), never kept without asking again (`cacheControl`), as the next version may replace it;
 * a link elsewhere is followed; anything else is not found.
 */
export async function documentDownload(fileUrl: string | null, title: string, cacheControl = 'no-cache'): Promise<Response> {
  if (fileUrl && isExternalUrl(fileUrl)) return new Response(null, { status: 302, headers: { Location: fileUrl, 'Cache-Control': cacheControl } })
  const location = fileUrl ? parsePublicUrl(fileUrl) : null
  const object = location ? await storage.get(location.bucket, location.key) : null
  if (!location || !object) return new Response('Not found', { status: 404 })
  return storedFileResponse(object, { 'Content-Disposition': attachmentDisposition(title, location.key), 'Cache-Control': cacheControl })
}
