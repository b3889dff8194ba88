import { policyOfFile, type PolicyFile } from '#app/domain/policy/policy.server.ts'
import { hasRole, minimumRoleFor } from '#app/domain/user/access.ts'
import { attachmentDisposition } from '#app/lib/storage/download-name.ts'
import { assertValidKey, InvalidKeyError, isBucket, publicUrl, type Bucket } from '#app/lib/storage/storage.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { storedFileResponse } from '#app/lib/storage/stored-file-response.server.ts'
import { getStaffSession } from '#app/services/permissions.server.ts'
import type { Route } from './+types/files.ts'

/** Images the site shows in its pages; everything else (documents, anything unknown) is only ever downloaded. */
const INLINE_TYPES = /^image\/(png|jpeg|gif|webp|avif)$/

/** The policy a document of the policies store belongs to, if any. */
async function policyOfStoredFile(bucket: Bucket, key: string): Promise<PolicyFile | null> {
  return bucket === 'policies' ? policyOfFile(publicUrl(bucket, key)) : null
}

/** A draft policy's files are the office's until it is published: only staff who manage policies may read them. */
async function mayReadDraftPolicies(request: Request): Promise<boolean> {
  const staff = await getStaffSession(request)
  return staff !== null && hasRole(staff.role, minimumRoleFor('/admin/policies'))
}

/**
 * Stored files at a stable address: /files/{bucket}/{key}. Names are never
 * reused (uploads get fresh random names), so images may be cached for a
 * year. A document is sent as an attachment, so a PDF's scripts never run
 * on this site's origin; its name follows the policy's title, which can
 * change, so it is cached for an hour only.
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
  const policy = await policyOfStoredFile(params.bucket, key)
  const draft = policy !== null && !policy.published
  if (draft && !(await mayReadDraftPolicies(request))) return new Response('Not found', { status: 404 })
  const object = await storage.get(params.bucket, key)
  if (!object) return new Response('Not found', { status: 404 })
  if (INLINE_TYPES.test(object.contentType)) return storedFileResponse(object, { 'Cache-Control': 'public, max-age=31536000, immutable' })
  return storedFileResponse(object, {
    'Content-Disposition': attachmentDisposition(policy?.title ?? null, key),
    // A draft's file answered to staff must not be kept by a shared cache for the next visitor.
    'Cache-Control': draft ? 'private, no-store' : 'public, max-age=3600',
  })
}
