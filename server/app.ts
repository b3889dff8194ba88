import 'react-router'
import express from 'express'
import { RouterContextProvider } from 'react-router'
import { LONGEST_BODY_MS } from '#app/lib/body-limits.ts'
import { startGoLiveAnnouncements, type GoLiveAnnouncements } from '#app/domain/publishing/go-live.server.ts'
import { startOutboxWorker, type OutboxWorker } from '#app/domain/outbox/outbox-worker.server.ts'
import { bootstrap } from '#app/services/bootstrap.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { database } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { mailer } from '#app/lib/mail/mail.server.ts'
import { clientAddressContext, cspNonceContext, requestIdContext } from '#app/lib/request-context.ts'
import { runShutdownHandlers } from '#app/lib/shutdown.server.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { allowedMethods } from './allowed-methods.ts'
import { bodyLimitFor } from './body-limit.ts'
import { healthRoutes } from './health.ts'
import { oneClickUnsubscribe } from './one-click-unsubscribe.ts'
import { createPageCache } from './page-cache.ts'
import { requestIdOf, requestLog } from './request-log.ts'
import { createRequestHandler } from './request-handler.ts'
import { securityHeaders } from './security-headers.ts'
import { unexpectedError } from './unexpected-error.ts'

export { config, logger }

/**
 * Node's own bounds on a request, outside the app's per-route ones: its
 * headers within 20 s, the whole request within the slowest upload's time
 * (Node's default of 5 minutes would cut a large upload on a slow line).
 * An idle kept-alive connection stays open 65 s, longer than the proxy in
 * front keeps one idle (60 s in compose.yaml, as load balancers commonly do):
 * with Node's default of 5 s the server closed connections a client was
 * about to reuse, and a POST sent on one failed with a reset.
 */
export const serverTimeouts = { headersTimeout: 20_000, requestTimeout: LONGEST_BODY_MS + 60_000, keepAliveTimeout: 65_000 }

export const app = express()
app.disable('x-powered-by')

// Whom to believe about the client's address (req.ip) in X-Forwarded-For: nobody unless TRUST_PROXY says so.
app.set('trust proxy', config.trustProxy)

app.use(requestLog())

app.use(allowedMethods())

app.use(healthRoutes())

app.use(securityHeaders({ https: config.publicUrl.startsWith('https://'), development: config.env === 'development' }))

app.use(oneClickUnsubscribe())

const serverBuild = () => import('virtual:react-router/server-build')
// Given a function, React Router derives its route tables anew on each request, so that development sees
// edits; that was several per cent of each production request, so production hands it the build once.
const build = config.env === 'development' ? serverBuild : await serverBuild()
function getLoadContext(req: express.Request, res: express.Response) {
  const context = new RouterContextProvider()
  context.set(cspNonceContext, String(res.locals.cspNonce ?? ''))
  context.set(clientAddressContext, req.ip ?? '')
  context.set(requestIdContext, requestIdOf(req))
  return context
}

// Off in development, where edits must show at once and the app module is reloaded per request.
const pageCache = createPageCache({ maxBytes: config.env === 'development' ? 0 : config.pageCacheBytes, build, getLoadContext, feed: changeFeed, timeZone: siteTimeZone, secureCookies: config.publicUrl.startsWith('https://'), sqliteFile: config.database.engine === 'sqlite' ? config.database.file : undefined })
app.use(pageCache.middleware)

app.use(createRequestHandler({ build, getLoadContext, bodyLimit: bodyLimitFor }))

app.use(unexpectedError)

let goLive: GoLiveAnnouncements | undefined
let outbox: OutboxWorker | undefined
let stopPageCache: (() => void) | undefined

/**
 * Runs before the server listens: migrations, first-start content, the change feed's LISTEN, the scheduled posts' timer, the outbox's delivery.
 * `notice` (the first administrator's password) is printed after the address the site listens on, last.
 * With worker processes (server/workers.js) one worker does the start-up work and runs the outbox.
 */
export async function start({ setUp = true, outbox: runOutbox = true }: { setUp?: boolean; outbox?: boolean } = {}) {
  const { newSite, notice } = await bootstrap({ setUp })
  if ('ready' in changeFeed) await changeFeed.ready
  stopPageCache = pageCache.start()
  goLive = startGoLiveAnnouncements()
  if (runOutbox) outbox = startOutboxWorker()
  return { newSite, notice }
}

/** Ends open event streams; call `close` once in-flight requests have finished. */
export function beginShutdown() {
  runShutdownHandlers()
}

export async function close() {
  goLive?.stop()
  stopPageCache?.()
  await outbox?.stop()
  mailer.close()
  await changeFeed.close()
  await database.destroy()
}
