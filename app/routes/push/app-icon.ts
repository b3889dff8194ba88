import { appIcon, isAppIconName } from '#app/services/push/app-icons.server.ts'
import type { Route } from './+types/app-icon.ts'

/** GET /icons/icon-192.png, /icons/icon-512.png and /apple-touch-icon.png: the home-screen icons, made from the logo. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const name = params.name ?? new URL(request.url).pathname.slice(1)
  if (!isAppIconName(name)) throw new Response('Not found', { status: 404 })
  return new Response(new Uint8Array(await appIcon(name)), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=3600' } })
}
