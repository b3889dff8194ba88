import { SERVICE_WORKER_SOURCE } from '#app/services/push/service-worker.ts'

/** GET /sw.js: checked for updates on every visit (no-cache), so a new version reaches every browser at once. */
export function loader() {
  return new Response(SERVICE_WORKER_SOURCE, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' } })
}
