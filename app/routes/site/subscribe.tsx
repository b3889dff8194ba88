import { GetNotifiedButton } from '#app/components/site/get-notified-button.tsx'
import { SubscribeForm } from '#app/components/site/subscribe-form.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { renderedFormToken } from '#app/domain/contact/anonymous-form.server.ts'
import { pageMeta } from '#app/lib/seo.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import { answerSubscribeForm } from '#app/services/subscribe-form.server.ts'
import type { Route } from './+types/subscribe.ts'

const TITLE = 'Stay informed'
const SUBTITLE = 'Get the school’s news, events and alerts by e-mail.'

export function loader({ context }: Route.LoaderArgs) {
  return { formToken: renderedFormToken(context, 'subscribe') }
}

/** The footer's form posts here too: same rules, same messages (docs/product-rules.md#subscriptions). */
export async function action({ request, context }: Route.ActionArgs) {
  return answerSubscribeForm(request, context.get(clientAddressContext))
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: TITLE,
    description: 'Subscribe to the school’s news, events and alerts by e-mail, or get notifications in your browser.',
    path: '/subscribe',
  })
}

export default function Subscribe({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner page="pageTitle" title={TITLE} subtitle={SUBTITLE} />
      <div className="mx-auto max-w-xl space-y-8 px-4 py-12">
        <SubscribeForm formToken={loaderData.formToken} />
        <GetNotifiedButton />
      </div>
    </>
  )
}
