// The production and development entry. Plain JavaScript so that Node runs it
// directly; everything else is TypeScript bundled by Vite (see server/app.ts).
import fs from 'node:fs'
import module from 'node:module'
import { processRole, reportSetUp, restartWithMemoryFlags, runPrimary, setUpElsewhere } from './server/workers.js'

// Compiled code is kept on disk (in the system's temporary folder) for the next start: about a third of loading the app.
module.enableCompileCache?.()

const DEVELOPMENT = process.env.NODE_ENV !== 'production'
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
const SHUTDOWN_GRACE_MS = 10_000


async function loadSite() {
  if (!DEVELOPMENT) return import(new URL(`${BUILD_DIR}/server/index.js`, `file://${process.cwd()}/`).href)
  const vite = await import('vite')
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } })
  // The SSR environment's runner is the one React Router loads the app with, so
  // modules (and context objects) are shared with the routes.
  const load = () => viteDevServer.environments.ssr.runner.import('./server/app.ts')
  const site = await load()
  return {
    ...site,
    viteDevServer,
    // Reload the app module per request so edits show without a restart.
    app: async (req, res, next) => {
      const fresh = await load()
      return fresh.app(req, res, next)
    },
  }
}

const { role, slot, start, settings } = processRole(process.env, DEVELOPMENT)
if (settings) restartWithMemoryFlags(settings)
if (role === 'primary') runPrimary(settings)
else await serve()

async function serve() {
  let site
  let notice = null
  try {
    site = await loadSite()
    // Worker 1 alone runs the start-up work and the outbox (server/workers.js).
    if (start === 'wait') await setUpElsewhere()
    const started = await site.start({ setUp: start === 'setup', outbox: slot === 1 })
    const { newSite } = started
    notice = started.notice
    if (role === 'worker' && start === 'setup') {
      // Making a new site's demo photos leaves this process twice its size: a fresh worker serves instead.
      // The primary prints the notice once every worker listens.
      reportSetUp({ leaving: newSite, notice })
      if (newSite) {
        await site.close()
        process.exit(0)
      }
    }
  } catch (error) {
    // A bad setting fails worker 1 too: it alone says so (the primary then stops this one while it waits).
    if (start === 'wait') await setUpElsewhere()
    console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error)
    process.exit(1)
  }

  // Loaded here, not at the top: a primary never serves and stays small.
  const { default: compression } = await import('compression')
  const { default: express } = await import('express')
  /** Event streams must not be buffered by compression. */
  const shouldCompress = (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res)

  const server = express()
  server.disable('x-powered-by')
  server.use(compression({ filter: shouldCompress }))
  if (DEVELOPMENT) {
    server.use(site.viteDevServer.middlewares)
  } else {
    // Hashed file names: cache for a year. Scripts and stylesheets go as the build compressed them (brotli, else
    // gzip), never compressed again per request.
    const { default: precompressedFiles } = await import('express-static-gzip')
    server.use('/assets', precompressedFiles(`${BUILD_DIR}/client/assets`, { enableBrotli: true, orderPreference: ['br', 'gzip'], serveStatic: { immutable: true, maxAge: '1y' } }))
    // The few files of public/, known by name: a static handler for every path looked on disk for each page first.
    const publicFiles = new Set(fs.readdirSync(`${BUILD_DIR}/client`, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => `/${entry.name}`))
    const servePublicFile = express.static(`${BUILD_DIR}/client`, { maxAge: '1h', index: false })
    server.use((req, res, next) => (publicFiles.has(req.path) ? servePublicFile(req, res, next) : next()))
  }
  server.use(site.app)

  const { port, host } = site.config
  const listener = server.listen(port, host, () => {
    // With workers, the primary says it once all of them listen. The notice (the first administrator's password) comes last.
    if (role !== 'single') return
    site.logger.info(`School website listening on http://localhost:${port}`)
    if (notice) console.log(notice)
  })
  listener.headersTimeout = site.serverTimeouts.headersTimeout
  listener.requestTimeout = site.serverTimeouts.requestTimeout
  listener.keepAliveTimeout = site.serverTimeouts.keepAliveTimeout

  let stopping = false
  async function shutdown(signal) {
    if (stopping) return
    stopping = true
    site.logger.info(`${signal} received: finishing open requests, then stopping.`)
    listener.close()
    site.beginShutdown()
    listener.closeIdleConnections()
    const forced = setTimeout(() => listener.closeAllConnections(), SHUTDOWN_GRACE_MS)
    await new Promise((resolve) => listener.once('close', resolve))
    clearTimeout(forced)
    await site.close()
    await site.viteDevServer?.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}
