import { getPublicPolicyBySlug } from '#app/domain/policy/policy.server.ts'
import { documentDownload } from '#app/lib/storage/stored-file-response.server.ts'
import type { Route } from './+types/policy-download.ts'

/**
 * A published policy's current document at an address that never changes
 * (docs/product-rules.md#policies): newsletters and other sites link here,
 * and a replaced document is what they get. A draft is not found.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const policy = await getPublicPolicyBySlug(params.slug)
  if (!policy) return new Response('Not found', { status: 404 })
  return documentDownload(policy.fileUrl, policy.title)
}
