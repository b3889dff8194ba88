import { vapidKeys } from '#app/domain/push/push-keys.server.ts'

/** GET /push/public-key: the key browsers subscribe with (public by nature). */
export function loader() {
  return Response.json({ publicKey: vapidKeys().publicKey }, { headers: { 'Cache-Control': 'no-cache' } })
}
