import { savePushSubscription } from '#app/domain/push/push-subscriptions.server.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import { answerPushRequest, onlyPost } from '#app/services/push/push-request.server.ts'
import type { Route } from './+types/subscriptions.ts'

/** POST /push/subscriptions: a browser's push subscription and topics (docs/product-rules.md#push-notifications). */
export async function action({ request, context }: Route.ActionArgs) {
  return answerPushRequest(request, (body) => savePushSubscription(body, context.get(clientAddressContext)))
}

export const loader = onlyPost
