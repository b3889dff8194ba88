import { data, Form, Link, useNavigation } from 'react-router'
import { privateLinkHeaders, privateLinkMeta, SubscriptionCard } from '#app/components/site/subscription-card.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { describeChoices, SUBSCRIPTION_MESSAGES } from '#app/domain/subscription/subscription.schema.ts'
import { confirmSubscription, findSubscriberByToken } from '#app/domain/subscription/subscription.server.ts'
import { isDomainError } from '#app/lib/errors/domain-error.ts'
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
  try {
    await confirmSubscription(params.token)
    return { ok: true as const, message: SUBSCRIPTION_MESSAGES.confirmed }
  } catch (error) {
    if (isDomainError(error)) return data({ ok: false as const, message: error.message }, { status: error.status })
    throw error
  }
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
    return (
      <SubscriptionCard title="This link does not work" tone="problem">
        <p role="alert">{actionData?.message ?? SUBSCRIPTION_MESSAGES.badLink}</p>
        <p>
          <Link to="/subscribe" className="text-primary underline">
            Subscribe again
          </Link>
        </p>
      </SubscriptionCard>
    )
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
