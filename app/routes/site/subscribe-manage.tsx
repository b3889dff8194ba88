import { data, Form, useNavigation } from 'react-router'
import { ChoiceFields } from '#app/components/site/subscribe-form.tsx'
import { BrokenLinkCard, privateLinkHeaders, privateLinkMeta, SubscriptionCard } from '#app/components/site/subscription-card.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { SUBSCRIPTION_MESSAGES } from '#app/domain/subscription/subscription.schema.ts'
import { findSubscriberByToken, updateSubscriptionChoices } from '#app/domain/subscription/subscription.server.ts'
import { answerAction, postedForm, textFields } from '#app/lib/action.server.ts'
import type { Route } from './+types/subscribe-manage.ts'

/** The link in every mail: the subscriber's choices, to change, or to unsubscribe from everything. */
export async function loader({ params }: Route.LoaderArgs) {
  const subscriber = await findSubscriberByToken(params.token)
  if (!subscriber?.confirmedAt) return data({ subscriber: null }, { status: 404 })
  return { subscriber: { email: subscriber.email, news: subscriber.news, events: subscriber.events, alerts: subscriber.alerts } }
}

export async function action({ request, params }: Route.ActionArgs) {
  return answerAction(async () => {
    await updateSubscriptionChoices(params.token, textFields(await postedForm(request)))
    return SUBSCRIPTION_MESSAGES.saved
  })
}

export const headers = privateLinkHeaders
export const meta = () => privateLinkMeta('Your subscription')

export default function ManageSubscription({ loaderData, actionData, params }: Route.ComponentProps) {
  const navigation = useNavigation()
  const { subscriber } = loaderData
  if (!subscriber) {
    return <BrokenLinkCard message={SUBSCRIPTION_MESSAGES.badLink} />
  }
  const busy = navigation.state !== 'idle'
  return (
    <SubscriptionCard title="Your subscription">
      <p>
        What we send to <strong>{subscriber.email}</strong>:
      </p>
      {actionData?.ok ? <p role="status" className="rounded-md bg-primary/10 p-3 font-medium text-primary">{actionData.message}</p> : null}
      <Form method="post" className="space-y-6">
        <ChoiceFields idPrefix="manage" choices={subscriber} error={actionData?.ok === false ? actionData.error : undefined} />
        <Button type="submit" disabled={busy}>
          Save my choices
        </Button>
      </Form>
      <Form method="post" action={`/unsubscribe/${params.token}`} className="border-t pt-4">
        <p className="mb-3 text-sm text-muted-foreground">Or stop everything: the address and its choices are deleted.</p>
        <Button type="submit" variant="destructive" disabled={busy}>
          Unsubscribe
        </Button>
      </Form>
    </SubscriptionCard>
  )
}
