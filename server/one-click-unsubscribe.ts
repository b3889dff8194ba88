import type { RequestHandler } from 'express'
import { SUBSCRIPTION_MESSAGES } from '#app/domain/subscription/subscription.schema.ts'
import { unsubscribe } from '#app/domain/subscription/subscription.server.ts'
import { config } from '#app/lib/env.server.ts'

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
    // The body (List-Unsubscribe=One-Click) says nothing the path does not.
    req.resume()
    unsubscribe(match[1]!).then(
      (removed) => {
        res
          .status(200)
          .type('text/plain')
          .set('Cache-Control', 'no-store')
          .send(`${removed ? SUBSCRIPTION_MESSAGES.unsubscribed : SUBSCRIPTION_MESSAGES.notSubscribed}\n`)
      },
      (error: unknown) => next(error),
    )
  }
}
