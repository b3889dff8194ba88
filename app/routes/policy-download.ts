import { getPolicyBySlug } from '#app/domain/policy/policy.server.ts'
import { documentDownload } from '#app/lib/storage/stored-file-response.server.ts'
import { mayUseAdminScreen } from '#app/services/permissions.server.ts'
import type { Route } from './+types/policy-download.ts'

/**
 * A published policy's current document at an address that never changes
 * (docs/product-rules.md#policies): newsletters and other sites link here,
 * and a replaced document is what they get. A draft is not found, except by
 * the staff who manage policies (the admin's 'View Document' links here),
 * for whom it is never kept by a cache.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const policy = await getPolicyBySlug(params.slug)
  if (!policy) return new Response('Not found', { status: 404 })
  if (policy.status === 'published') return documentDownload(policy.fileUrl, policy.title)
  if (!(await mayUseAdminScreen(request, '/admin/policies'))) return new Response('Not found', { status: 404 })
  return documentDownload(policy.fileUrl, policy.title, 'private, no-store')
}
