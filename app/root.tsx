import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLoaderData, useRevalidator, useRouteLoaderData } from 'react-router'
import { Toaster } from '#app/components/ui/sonner.tsx'
import { themeColorVariables } from '#app/domain/theme/theme-css.ts'
import { getActiveTheme } from '#app/domain/theme/theme.server.ts'
import { config } from '#app/lib/env.server.ts'
import { usePreviewTheme } from '#app/lib/theme-preview.ts'
import { useChangeFeed } from '#app/lib/use-change-feed.ts'
import type { Route } from './+types/root.ts'
import stylesheet from './app.css?url'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader() {
  const theme = await getActiveTheme()
  return {
    theme: { colors: theme.colors, sectionStyles: theme.sectionStyles },
    timeZone: config.timeZone,
    siteUrl: config.publicUrl,
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const colors = usePreviewTheme()?.colors ?? data?.theme.colors
  return (
    <html lang="en" style={colors ? themeColorVariables(colors) : undefined}>
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

/** Follows theme changes so open pages take the new colours without a reload (spec §4). */
function ThemeFollower() {
  const revalidator = useRevalidator()
  useChangeFeed(['themes'], () => void revalidator.revalidate())
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
      <p className="mt-4 text-muted-foreground">Please try again in a moment.</p>
      <a className="mt-6 inline-block text-primary underline" href="/">
        Return to Home
      </a>
    </main>
  )
}
