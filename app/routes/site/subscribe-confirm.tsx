import { data, Form, Link, useNavigation } from 'react-router'
import { BrokenLinkCard, privateLinkHeaders, privateLinkMeta, SubscriptionCard } from '#app/components/site/subscription-card.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { describeChoices, SUBSCRIPTION_MESSAGES } from '#app/domain/subscription/subscription.schema.ts'
import { confirmSubscription, findSubscriberByToken } from '#app/domain/subscription/subscription.server.ts'
import { answerAction } from '#app/lib/action.server.ts'
import type { Route } from './+types/subscribe-confirm.ts'

/**
 * The confirmation link. Opening it changes nothing (mail scanners open every
 * link): the button posts, and only that confirms.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const subscriber = await findSubscriberByToken(params.token)
  if (!subscriber) return data({ subscriber: null }, { status: 404 })
  return { subscriber: { email: subscriber.email, choices: describeChoices(subscriber), confirmed: subscriber.confirmedAt !== null } }
}

export async function action({ params }: Route.ActionArgs) {
  return answerAction(async () => {
    await confirmSubscription(params.token)
    return SUBSCRIPTION_MESSAGES.confirmed
  })
}

export const headers = privateLinkHeaders
export const meta = () => privateLinkMeta('Confirm your subscription')

export default function ConfirmSubscription({ loaderData, actionData, params }: Route.ComponentProps) {
  const navigation = useNavigation()
  const { subscriber } = loaderData
  if (actionData?.ok || subscriber?.confirmed) {
    return (
      <SubscriptionCard title="Subscription confirmed">
        <p role="status">{SUBSCRIPTION_MESSAGES.confirmed}</p>
        <p>
          <Link to={`/subscribe/manage/${params.token}`} className="text-primary underline">
            Change my choices
          </Link>
        </p>
      </SubscriptionCard>
    )
  }
  if (!subscriber || actionData?.ok === false) {
    return <BrokenLinkCard message={actionData?.ok === false ? actionData.error : SUBSCRIPTION_MESSAGES.badLink} />
  }
  return (
    <SubscriptionCard title="Confirm your subscription">
      <p>
        Send <strong>{subscriber.choices}</strong> to <strong>{subscriber.email}</strong>?
      </p>
      <Form method="post">
        <Button type="submit" size="lg" disabled={navigation.state !== 'idle'}>
          Confirm my subscription
        </Button>
      </Form>
    </SubscriptionCard>
  )
}
