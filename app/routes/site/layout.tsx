import { Outlet, useLocation, useNavigation } from 'react-router'
import { AlertBanner } from '#app/components/site/alert-banner.tsx'
import { PageSkeleton } from '#app/components/site/page-skeletons.tsx'
import { SiteFooter } from '#app/components/site/site-footer.tsx'
import { SiteHeader } from '#app/components/site/site-header.tsx'
import { activeAlerts } from '#app/domain/alert/alert.server.ts'
import { renderedFormToken } from '#app/domain/contact/anonymous-form.server.ts'
import { getSiteShell } from '#app/domain/section/site-shell.server.ts'
import type { Route } from './+types/layout.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const [shell, alerts] = await Promise.all([getSiteShell(), activeAlerts()])
  return { shell, alerts, subscribeFormToken: renderedFormToken(context, 'subscribe') }
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const location = useLocation()
  // While the next page's data loads, show its skeleton (docs/product-rules.md#public-pages).
  const pendingPath = navigation.state === 'loading' && navigation.location.pathname !== location.pathname ? navigation.location.pathname : null
  const skeleton = pendingPath ? <PageSkeleton pathname={pendingPath} /> : null

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2">
        Skip to content
      </a>
      <SiteHeader shell={loaderData.shell} />
      <AlertBanner alerts={loaderData.alerts} />
      <main id="main" className="flex-1">
        {skeleton ?? <Outlet />}
      </main>
      <SiteFooter shell={loaderData.shell} subscribeFormToken={loaderData.subscribeFormToken} />
    </div>
  )
}
