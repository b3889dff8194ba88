import { answerSearch } from '#app/services/api/search.server.ts'
import type { Route } from './+types/search.ts'

/** `/api/v1/search?q=&page=`: the site search; see app/services/api/search.server.ts. */
export function loader({ request }: Route.LoaderArgs) {
  return answerSearch(request)
}

export function action({ request }: Route.ActionArgs) {
  return answerSearch(request)
}
