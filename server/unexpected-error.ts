import type { ErrorRequestHandler } from 'express'
import { requestIdOf } from './request-log.ts'

/**
 * The last resort for an error outside the router's own error pages: logged
 * with its stack, answered with a plain page that names the request id and
 * nothing of the error itself.
 */
export const unexpectedError: ErrorRequestHandler = (error: unknown, req, res, next) => {
  req.log.error({ err: error }, 'unhandled error')
  if (res.headersSent) return next(error)
  res
    .status(500)
    .type('text/plain')
    .send(`Something went wrong on our side. Please try again in a moment.\nIf it keeps happening, tell the school this reference: ${requestIdOf(req)}\n`)
}
