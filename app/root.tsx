import '#app/lib/zod-jitless.ts'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLoaderData, useRevalidator, useRouteLoaderData } from 'react-router'
import { Toaster } from '#app/components/ui/sonner.tsx'
import { themeColorVariables } from '#app/domain/theme/theme-css.ts'
import { defaultTheme, getActiveTheme } from '#app/domain/theme/theme.server.ts'
import { config } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { checkReadiness } from '#app/lib/readiness.server.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { usePreviewStyle, usePreviewTheme } from '#app/components/hooks/theme-preview.ts'
import { useChangeFeed } from '#app/components/hooks/use-change-feed.ts'
import type { SiteData } from '#app/components/hooks/use-site.ts'
import type { Route } from './+types/root.ts'
import stylesheet from './app.css?url'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
]

/**
 * A page that fails while the database or the file store is down answers 503
 * with Retry-After, not 500: the visitor is told to try again, a load
 * balancer or crawler that it is temporary.
 */
const unavailableWhileDependenciesDown: Route.MiddlewareFunction = async (_args, next) => {
  const response = await next()
  if (response.status !== 500 || (await checkReadiness()).status === 'ready') return response
  const headers = new Headers(response.headers)
  headers.set('Retry-After', '30')
  headers.set('Cache-Control', 'no-store')
  return new Response(response.body, { status: 503, statusText: 'Service Unavailable', headers })
}

export const middleware: Route.MiddlewareFunction[] = [unavailableWhileDependenciesDown]

/** A failed theme fetch is only logged; the page keeps the default colours. */
async function activeThemeOrDefault() {
  try {
    return await getActiveTheme()
  } catch (error) {
    logger.error({ err: error }, 'loading the active theme failed')
    return defaultTheme()
  }
}

export async function loader(): Promise<SiteData & { themeStyle: React.CSSProperties }> {
  // Like the theme, the zone must not stop an error page from rendering when the database fails.
  const [theme, timeZone] = await Promise.all([activeThemeOrDefault(), siteTimeZone().catch(() => config.timeZone)])
  return {
    theme: { colors: theme.colors, sectionStyles: theme.sectionStyles },
    // Worked out here so that the contrast maths stays off the visitor's page.
    themeStyle: themeColorVariables(theme.colors),
    timeZone,
    siteUrl: config.publicUrl,
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const previewStyle = usePreviewStyle(usePreviewTheme()?.colors)
  return (
    <html lang="en" style={previewStyle ?? data?.themeStyle}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* Same-origin links need no nonce (CSP 'self'); an empty one keeps server and client markup equal. */}
        <Links nonce="" />
      </head>
      <body className="min-h-screen">
        {children}
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

/**
 * Follows theme and alert changes so open pages take the new colours and
 * show a new, changed or ended alert without a reload, over one stream
 * (docs/product-rules.md#realtime-updates).
 */
function ThemeFollower() {
  const revalidator = useRevalidator()
  const reload = () => void revalidator.revalidate()
  useChangeFeed(['themes', 'alerts'], reload, reload)
  return null
}

export default function App() {
  useLoaderData<typeof loader>()
  return (
    <>
      <ThemeFollower />
      <Outlet />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong'
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-4 text-muted-foreground">The site could not show this page just now. Please try again in a moment.</p>
      <a className="mt-6 inline-block text-primary underline" href="/">
        Return to Home
      </a>
    </main>
  )
}
