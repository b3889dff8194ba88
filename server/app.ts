import 'react-router'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
import { RouterContextProvider } from 'react-router'
import { bootstrap } from '#app/lib/bootstrap.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { database } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { clientAddressContext, cspNonceContext, requestIdContext } from '#app/lib/request-context.ts'
import { runShutdownHandlers } from '#app/lib/shutdown.server.ts'
import { healthRoutes } from './health.ts'
import { requestLog } from './request-log.ts'
import { limitRequestSize } from './request-size.ts'
import { securityHeaders } from './security-headers.ts'
import { unexpectedError } from './unexpected-error.ts'

export { config, logger }

export const app = express()
app.disable('x-powered-by')

// Whom to believe about the client's address (req.ip) in X-Forwarded-For: nobody unless TRUST_PROXY says so.
app.set('trust proxy', config.trustProxy)

app.use(requestLog())

app.use(healthRoutes())

app.use(securityHeaders({ https: config.publicUrl.startsWith('https://'), development: config.env === 'development' }))

app.use(limitRequestSize())

app.use(
  createRequestHandler({
    build: () => import('virtual:react-router/server-build'),
    getLoadContext(req, res) {
      const context = new RouterContextProvider()
      context.set(cspNonceContext, String(res.locals.cspNonce ?? ''))
      context.set(clientAddressContext, req.ip ?? '')
      context.set(requestIdContext, String(req.id))
      return context
    },
  }),
)

app.use(unexpectedError)

/** Runs before the server listens: migrations, first-start content, the change feed's LISTEN. */
export async function start() {
  await bootstrap()
  if ('ready' in changeFeed) await changeFeed.ready
}

/** Ends open event streams; call `close` once in-flight requests have finished. */
export function beginShutdown() {
  runShutdownHandlers()
}

export async function close() {
  await changeFeed.close()
  await database.destroy()
}
