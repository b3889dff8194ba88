import { getPolicyVersion } from '#app/domain/policy/policy.server.ts'
import { documentDownload } from '#app/lib/storage/stored-file-response.server.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/policy-version-download.ts'

/** Any version of a policy, drafts' too, for staff: named as it was uploaded, or after the policy's title. */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const version = await getPolicyVersion(params.id, params.versionId)
  if (!version) return new Response('Not found', { status: 404 })
  return documentDownload(version.file_url, version.file_name ?? version.title)
}
