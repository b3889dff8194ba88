import { deletePushSubscription } from '#app/domain/push/push-subscriptions.server.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import { answerPushRequest, onlyPost } from '#app/services/push/push-request.server.ts'
import type { Route } from './+types/subscriptions-delete.ts'

/** POST /push/subscriptions/delete: { endpoint } of a browser that turned notifications off. */
export async function action({ request, context }: Route.ActionArgs) {
  return answerPushRequest(request, (body) => deletePushSubscription(body, context.get(clientAddressContext)))
}

export const loader = onlyPost
