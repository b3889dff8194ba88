import { webAppManifest } from '#app/services/push/app-icons.server.ts'

/** GET /manifest.webmanifest: lets a phone add the site to its home screen (iPhones need that for notifications). */
export async function loader() {
  return new Response(JSON.stringify(await webAppManifest()), { headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'no-cache' } })
}
