import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { pinoHttp } from 'pino-http'
import { logger } from '#app/lib/logger.server.ts'

/** An id a proxy in front may already have given the request; anything else is replaced. */
const FORWARDED_ID = /^[\w.-]{1,64}$/
/** Query values that are secrets (reset and confirmation links, OAuth callbacks) and must not reach the log. */
const SECRET_PARAMS = new Set(['token', 'code', 'state', 'secret'])
/**
 * Path segments followed by a secret: Better Auth's password-reset link is
 * /api/auth/reset-password/<token>. Compared case-insensitively, as routes match.
 */
const SECRET_AFTER_SEGMENTS = new Set(['reset-password'])
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
  const segments = parsed.pathname.split('/')
  const path = segments
    .map((segment, index) => (index > 0 && segment !== '' && SECRET_AFTER_SEGMENTS.has(segmentName(segments[index - 1]!)) ? 'redacted' : segment))
    .join('/')
  return path + parsed.search
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
