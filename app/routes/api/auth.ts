import { auth } from '#app/lib/auth.server.ts'
import type { Route } from './+types/auth.ts'

/** Better Auth's endpoints (sign-in, sign-up, session, sign-out, …). */
export function loader({ request }: Route.LoaderArgs) {
  return auth.handler(request)
}

export function action({ request }: Route.ActionArgs) {
  return auth.handler(request)
}
