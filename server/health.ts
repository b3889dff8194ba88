import { Router } from 'express'
import { checkReadiness } from '#app/lib/readiness.server.ts'

/**
 * Probes for process managers and load balancers: `/healthz` says the process
 * answers (restart it if not), `/readyz` says it can serve visitors (send it
 * traffic only then). Neither is cached.
 */
export function healthRoutes() {
  const router = Router()
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' })
  })
  router.get('/readyz', async (_req, res) => {
    const readiness = await checkReadiness()
    res
      .status(readiness.status === 'ready' ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(readiness)
  })
  return router
}
