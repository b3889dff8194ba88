import { answerRestorePostRevision } from '#app/services/api/post-revisions.server.ts'
import type { Route } from './+types/post-revision-restore.ts'

/** `/api/v1/posts/{id}/revisions/{revisionId}/restore`: restores a saved version; see app/services/api. */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerRestorePostRevision(request, params.id, params.revisionId)
}

export function action({ request, params }: Route.ActionArgs) {
  return answerRestorePostRevision(request, params.id, params.revisionId)
}
