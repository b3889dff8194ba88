import { withClientAddress } from '#app/lib/auth-rate-limit.server.ts'
import { auth } from '#app/services/auth.server.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import type { Route } from './+types/auth.ts'

/** Better Auth's endpoints (sign-in, sign-up, session, sign-out, …), told the client's address for its rate limits. */
export function loader({ request, context }: Route.LoaderArgs) {
  return auth.handler(withClientAddress(request, context.get(clientAddressContext)))
}

export function action({ request, context }: Route.ActionArgs) {
  return auth.handler(withClientAddress(request, context.get(clientAddressContext)))
}
