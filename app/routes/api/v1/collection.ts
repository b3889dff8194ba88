import { answerCollection } from '#app/services/api/handler.server.ts'
import type { Route } from './+types/collection.ts'

/** `/api/v1/{collection}`: list (GET) and create (POST); see app/services/api. */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerCollection(request, params.collection)
}

export function action({ request, params }: Route.ActionArgs) {
  return answerCollection(request, params.collection)
}
