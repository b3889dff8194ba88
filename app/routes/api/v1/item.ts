import { answerItem } from '#app/services/api/handler.server.ts'
import type { Route } from './+types/item.ts'

/** `/api/v1/{collection}/{id}`: read (GET), partial update (PATCH), delete (DELETE); see app/services/api. */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerItem(request, params.collection, params.id)
}

export function action({ request, params }: Route.ActionArgs) {
  return answerItem(request, params.collection, params.id)
}
