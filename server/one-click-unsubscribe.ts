import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express'
import { SUBSCRIPTION_MESSAGES } from '#app/domain/subscription/subscription.schema.ts'
import { unsubscribe } from '#app/domain/subscription/subscription.server.ts'
import { BODY_LIMITS } from '#app/lib/body-limits.ts'
import { config } from '#app/lib/env.server.ts'
import { guardedBody } from './request-handler.ts'

const UNSUBSCRIBE_PATH = /^\/unsubscribe\/([\w.-]{1,100})$/

/**
 * A mail program's one-click unsubscribe (RFC 8058): a POST to the link of
 * the mail's List-Unsubscribe header, sent by the mail provider's servers,
 * with no cookies and an Origin that is not the site's (or none). React
 * Router refuses a document POST from another origin as a forged form, which
 * is right for every other form; this POST needs no such protection (the
 * secret token is the permission, and all it can do is remove its own
 * address), so it is answered here, before the router, in plain text. A POST
 * from the site's own unsubscribe page (same origin) goes on to the page.
 */
export function oneClickUnsubscribe(): RequestHandler {
  const ownOrigin = new URL(config.publicUrl).origin
  return (req, res, next) => {
    const match = req.method === 'POST' ? UNSUBSCRIBE_PATH.exec(req.path) : null
    if (!match) return next()
    const origin = req.headers.origin
    if (origin && (origin === ownOrigin || origin === `${req.protocol}://${req.get('host')}`)) return next()
    void (async () => {
      if (!(await bodyRead(req, res))) return
      const removed = await unsubscribe(match[1]!)
      res
        .status(200)
        .type('text/plain')
        .set('Cache-Control', 'no-store')
        .send(`${removed ? SUBSCRIPTION_MESSAGES.unsubscribed : SUBSCRIPTION_MESSAGES.notSubscribed}\n`)
    })().catch(next)
  }
}

/**
 * Reads the body to its end within the anonymous limit (64 KB, 10 s), as
 * every anonymous body is read: it says nothing the path does not
 * (`List-Unsubscribe=One-Click`). False once it was refused (already answered)
 * or the connection failed.
 */
function bodyRead(req: ExpressRequest, res: ExpressResponse) {
  return new Promise<boolean>((resolve) => {
    const body = guardedBody(req, res, BODY_LIMITS.anyone, () => resolve(false))
    if (body) new Response(body).arrayBuffer().then(() => resolve(true), () => resolve(false))
  })
}
