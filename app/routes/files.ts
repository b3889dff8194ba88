import { galleryPhotoOfFile } from '#app/domain/gallery/gallery-file.server.ts'
import { policyOfFile } from '#app/domain/policy/policy.server.ts'
import { attachmentDisposition } from '#app/lib/storage/download-name.ts'
import { assertValidKey, InvalidKeyError, isBucket, publicUrl, type Bucket } from '#app/lib/storage/storage.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { matchesEtag, storedFileEtag, storedFileResponse } from '#app/lib/storage/stored-file-response.server.ts'
import { mayUseAdminScreen } from '#app/services/permissions.server.ts'
import type { Route } from './+types/files.ts'

/** Images the site shows in its pages; everything else (documents, anything unknown) is only ever downloaded. */
const INLINE_TYPES = /^image\/(png|jpeg|gif|webp|avif)$/

/** What a stored file belongs to, as far as serving it needs. */
interface FileOwner {
  /** Whether visitors may have it now; when not, only the staff of `screen` may. */
  public: boolean
  screen: '/admin/policies' | '/admin/gallery'
  /** The name a document downloads under. */
  title: string | null
  /** Something can take it back from visitors (an album unpublished, a document replaced): never kept without asking again. */
  withdrawable: boolean
}

/** The policy or gallery photo a stored file belongs to; null for any other file, which is public. */
async function ownerOf(bucket: Bucket, key: string): Promise<FileOwner | null> {
  const url = publicUrl(bucket, key)
  if (bucket === 'policies') {
    const policy = await policyOfFile(url)
    return policy && { public: policy.public, screen: '/admin/policies', title: policy.title, withdrawable: true }
  }
  if (bucket === 'gallery') {
    const photo = await galleryPhotoOfFile(url)
    return photo && { public: photo.published, screen: '/admin/gallery', title: null, withdrawable: true }
  }
  return null
}

function cacheControl(owner: FileOwner | null, inline: boolean): string {
  // A file answered to staff only must not be kept by a shared cache for the next visitor.
  if (owner && !owner.public) return 'private, no-store'
  // Asked again each time (a 304 while it stays public), so a withdrawal reaches browsers and shared caches at once.
  if (owner?.withdrawable) return 'public, no-cache'
  // Names are never reused (uploads get fresh random names); a document no policy has may still be renamed by one.
  return inline ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'
}

/**
 * Stored files at a stable address: /files/{bucket}/{key}, for visitors while
 * what they belong to is public (docs/product-rules.md#uploads-and-files). A
 * document is sent as an attachment, so a PDF's scripts never run on this
 * site's origin.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const key = params['*'] ?? ''
  if (!isBucket(params.bucket)) return new Response('Not found', { status: 404 })
  try {
    assertValidKey(key)
  } catch (error) {
    if (error instanceof InvalidKeyError) return new Response('Not found', { status: 404 })
    throw error
  }
  // Looked up before the file is opened, so a failing lookup leaves no file handle open.
  const owner = await ownerOf(params.bucket, key)
  if (owner && !owner.public && !(await mayUseAdminScreen(request, owner.screen))) return new Response('Not found', { status: 404 })
  const etag = owner?.public && owner.withdrawable ? storedFileEtag(key, owner.title ?? '') : null
  if (etag && matchesEtag(request, etag)) return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': cacheControl(owner, false) } })
  const object = await storage.get(params.bucket, key)
  if (!object) return new Response('Not found', { status: 404 })
  const inline = INLINE_TYPES.test(object.contentType)
  const headers: Record<string, string> = { 'Cache-Control': cacheControl(owner, inline), ...(etag ? { ETag: etag } : {}) }
  if (!inline) headers['Content-Disposition'] = attachmentDisposition(owner?.title ?? null, key)
  return storedFileResponse(object, headers)
}
