import { answerPostRevisions } from '#app/services/api/post-revisions.server.ts'
import type { Route } from './+types/post-revisions.ts'

/** `/api/v1/posts/{id}/revisions`: a post's saved versions; see app/services/api. */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerPostRevisions(request, params.id)
}

export function action({ request, params }: Route.ActionArgs) {
  return answerPostRevisions(request, params.id)
}
