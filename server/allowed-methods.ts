import type { RequestHandler } from 'express'

/** The methods the site answers: pages and files (GET, HEAD), forms and Better Auth's calls (POST). */
const ALLOWED = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const
const ALLOW_HEADER = ALLOWED.join(', ')
const ALLOWED_METHODS = new Set<string>(ALLOWED)

/**
 * Any other method (TRACE, PUT, WebDAV's, made-up ones) is answered 405 here,
 * before the router: the web's Request cannot even represent some of them,
 * and none is a failure worth logging. OPTIONS says what is allowed and
 * nothing more (no CORS: only our own pages call the site).
 */
export function allowedMethods(): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'OPTIONS') {
      res.status(204).set('Allow', ALLOW_HEADER).end()
      return
    }
    if (!ALLOWED_METHODS.has(req.method)) {
      res.status(405).set('Allow', ALLOW_HEADER).type('text/plain').send(`The method ${req.method} is not allowed here.\n`)
      return
    }
    next()
  }
}
