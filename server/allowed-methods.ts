import type { RequestHandler } from 'express'
import { apiErrorBody } from '#app/services/api/api-error.ts'
import { isContentApiPath } from '#app/lib/body-limits.ts'

/** The methods the site answers: pages and files (GET, HEAD), forms and Better Auth's calls (POST). */
const ALLOWED = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const
const ALLOW_HEADER = ALLOWED.join(', ')
const ALLOWED_METHODS = new Set<string>(ALLOWED)
/** The content API's items also change (PATCH) and go (DELETE); its routes say which method each path takes. */
const CONTENT_API_METHODS = new Set<string>([...ALLOWED, 'PATCH', 'DELETE', 'PUT'])
const CONTENT_API_ALLOW_HEADER = 'GET, HEAD, POST, PATCH, DELETE, OPTIONS'

/**
 * Any other method (TRACE, PUT, WebDAV's, made-up ones) is answered 405 here,
 * before the router: the web's Request cannot even represent some of them,
 * and none is a failure worth logging. OPTIONS says what is allowed and
 * nothing more (no CORS: only our own pages call the site, and the content
 * API is for scripts, not for other sites' pages).
 */
export function allowedMethods(): RequestHandler {
  return (req, res, next) => {
    const contentApi = isContentApiPath(req.path)
    const allow = contentApi ? CONTENT_API_ALLOW_HEADER : ALLOW_HEADER
    if (req.method === 'OPTIONS') {
      res.status(204).set('Allow', allow).end()
      return
    }
    if (contentApi && CONTENT_API_METHODS.has(req.method)) return next()
    if (!ALLOWED_METHODS.has(req.method)) {
      const message = `The method ${req.method} is not allowed here.`
      res.status(405).set('Allow', allow)
      if (contentApi) res.json(apiErrorBody('method_not_allowed', message))
      else res.type('text/plain').send(`${message}\n`)
      return
    }
    next()
  }
}
