import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { pinoHttp } from 'pino-http'
import { logger } from '#app/lib/logger.server.ts'
import { SECRET_ROUTE_PATHS } from '#app/lib/secret-route-paths.ts'

/** An id a proxy in front may already have given the request; anything else is replaced. */
const FORWARDED_ID = /^[\w.-]{1,64}$/
/** Query values that are secrets (reset and confirmation links, OAuth callbacks) and must not reach the log. */
const SECRET_PARAMS = new Set(['token', 'code', 'state', 'secret'])
/** Each address with a secret in its path, as its segments: a fixed word in lower case, or null for the secret. */
const SECRET_PATHS = Object.values(SECRET_ROUTE_PATHS).map((path) => path.split('/').map((segment) => (segment.startsWith(':') ? null : segment.toLowerCase())))
const PROBES = new Set(['/healthz', '/readyz'])

/** A path segment as the router reads it: percent-decoded, any case. */
function segmentName(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase()
  } catch {
    return segment.toLowerCase()
  }
}

/** The path and query of a request, with secret values (query values and path segments) replaced. */
export function loggableUrl(url: string): string {
  const parsed = new URL(url, 'http://site')
  for (const name of [...parsed.searchParams.keys()]) {
    if (SECRET_PARAMS.has(name.toLowerCase())) parsed.searchParams.set(name, 'redacted')
  }
  return redactedPath(parsed.pathname) + parsed.search
}

/** The path with the secret segments of the route it matches (compared as the router compares: any case, decoded, a trailing slash or not) replaced. */
function redactedPath(pathname: string): string {
  const segments = pathname.split('/').slice(1)
  const named = segments.at(-1) === '' ? segments.slice(0, -1) : segments
  const secret = SECRET_PATHS.find((words) => words.length === named.length && words.every((word, index) => word === null || word === segmentName(named[index]!)))
  if (!secret) return pathname
  return `/${segments.map((segment, index) => (secret[index] === null ? 'redacted' : segment)).join('/')}`
}

/**
 * One JSON line per request: id, method, URL, status and time. Headers are
 * left out on purpose (cookies, credentials). The id goes back to the client
 * as X-Request-Id and into the router's context for error reports.
 */
/** The id `genReqId` below gave a request: always a string (pino-http's type allows any value). */
export function requestIdOf(req: IncomingMessage): string {
  return typeof req.id === 'string' ? req.id : ''
}

export function requestLog() {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const forwarded = req.headers['x-request-id']
      const id = typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID()
      res.setHeader('X-Request-Id', id)
      return id
    },
    serializers: {
      req: (req: IncomingMessage) => ({ method: req.method, url: loggableUrl(req.url ?? '/') }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    wrapSerializers: false,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    autoLogging: { ignore: (req) => PROBES.has(req.url ?? '') },
    quietReqLogger: true,
  })
}
