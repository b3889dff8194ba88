import { Form, Link, useNavigation } from 'react-router'
import { privateLinkHeaders, privateLinkMeta, SubscriptionCard } from '#app/components/site/subscription-card.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { SUBSCRIPTION_MESSAGES } from '#app/domain/subscription/subscription.schema.ts'
import { findSubscriberByToken, unsubscribe } from '#app/domain/subscription/subscription.server.ts'
import type { Route } from './+types/unsubscribe.ts'

/** The unsubscribe link: opening it changes nothing (mail scanners open links); the button, or a mail program's one-click POST, unsubscribes. */
export async function loader({ params }: Route.LoaderArgs) {
  const subscriber = await findSubscriberByToken(params.token)
  return { email: subscriber?.email ?? null }
}

/** Also the mail providers' one-click POST (`List-Unsubscribe=One-Click`): the token in the address is all it needs. */
export async function action({ params }: Route.ActionArgs) {
  const removed = await unsubscribe(params.token)
  return { message: removed ? SUBSCRIPTION_MESSAGES.unsubscribed : SUBSCRIPTION_MESSAGES.notSubscribed }
}

export const headers = privateLinkHeaders
export const meta = () => privateLinkMeta('Unsubscribe')

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  if (actionData || !loaderData.email) {
    return (
      <SubscriptionCard title={actionData ? 'Unsubscribed' : 'Not subscribed'}>
        <p role="status">{actionData?.message ?? SUBSCRIPTION_MESSAGES.notSubscribed}</p>
        <p>
          <Link to="/" className="text-primary underline">
            Go to the home page
          </Link>
        </p>
      </SubscriptionCard>
    )
  }
  return (
    <SubscriptionCard title="Unsubscribe">
      <p>
        Stop all e-mails to <strong>{loaderData.email}</strong> and forget the address?
      </p>
      <Form method="post">
        <Button type="submit" size="lg" variant="destructive" disabled={navigation.state !== 'idle'}>
          Unsubscribe
        </Button>
      </Form>
    </SubscriptionCard>
  )
}
