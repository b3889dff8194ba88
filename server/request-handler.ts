import { writeReadableStreamToWritable } from '@react-router/node'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { createRequestHandler as createRouterHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { apiErrorBody } from '#app/services/api/api-error.ts'
import { formatBytes, isContentApiPath, type BodyLimit } from '#app/lib/body-limits.ts'
import { limitedBody, type BodyRefusal } from './request-body.ts'

interface Options {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>)
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider
  /** The limit of this request's body, decided before it is read. */
  bodyLimit: (req: ExpressRequest, headers: Headers) => Promise<BodyLimit>
}

/** How long the rest of a body answered unread may take to arrive before its connection is closed. */
const LINGER_MS = 2_000

const REFUSALS: Record<BodyRefusal, (limit: BodyLimit) => string> = {
  413: (limit) => `This request is too large: at most ${formatBytes(limit.maxBytes)} may be sent here.`,
  408: () => 'This request took too long to arrive. Please try again.',
}

/**
 * React Router's Express adapter, with the request body counted as it
 * streams in. Its own adapter hands the router the raw request stream, which
 * a library then reads whole (a form, a JSON body) whatever its size; here
 * the body is cut off at its route's limit and answered at once with 413 (or
 * 408 when it trickles). What the route answers later is discarded.
 */
export function createRequestHandler({ build, getLoadContext, bodyLimit }: Options) {
  const handleRequest = createRouterHandler(build, process.env.NODE_ENV)
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const controller = new AbortController()
      res.on('close', () => {
        if (!res.writableFinished) controller.abort()
      })
      const headers = headersOf(req)
      let body: ReadableStream<Uint8Array> | undefined
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        body = guardedBody(req, res, await bodyLimit(req, headers), () => controller.abort())
        if (!body) return
      }
      const request = new Request(urlOf(req), { method: req.method, headers, body, signal: controller.signal, ...(body ? { duplex: 'half' } : {}) })
      await send(res, await handleRequest(request, getLoadContext(req, res)))
    } catch (error) {
      next(error)
    }
  }
}

/**
 * The request's body, counted against `limit` as it arrives: past it the
 * request is answered at once (413, or 408 when it trickles) and `onRefused`
 * is called; the rest of a body answered before it was read whole is dropped.
 * Undefined when the declared length alone is over the limit (then answered
 * before anything is read).
 */
export function guardedBody(req: ExpressRequest, res: ExpressResponse, limit: BodyLimit, onRefused: () => void): ReadableStream<Uint8Array> | undefined {
  const refuse = (refusal: BodyRefusal) => {
    onRefused()
    refuseBody(req, res, refusal, REFUSALS[refusal](limit))
  }
  if (Number(req.headers['content-length'] ?? 0) > limit.maxBytes) {
    refuse(413)
    return undefined
  }
  const limited = limitedBody(req, limit, refuse)
  res.once('close', limited.stop)
  res.once('finish', () => {
    if (!req.complete) dropRestOfBody(req)
  })
  return limited.body
}

function refuseBody(req: ExpressRequest, res: ExpressResponse, status: BodyRefusal, message: string) {
  if (res.headersSent) {
    res.destroy()
    return
  }
  res.status(status).set('Cache-Control', 'no-store')
  if (isContentApiPath(req.path)) res.json(apiErrorBody(status === 413 ? 'payload_too_large' : 'request_timeout', message))
  else if (req.accepts(['json', 'html']) === 'html') res.type('text/plain').send(`${message}\n`)
  else res.json({ error: message })
}

/**
 * After an answer given before the body was read whole (a refusal, a
 * redirect, a route that reads none), the rest of the body is read and
 * dropped so the connection can carry the next request. A body that has not
 * ended within a moment closes the connection: not at once, because closing
 * a socket with unread data resets it, and a client still writing would lose
 * the answer.
 */
function dropRestOfBody(req: ExpressRequest) {
  const timer = setTimeout(() => req.socket.destroy(), LINGER_MS).unref()
  req.once('end', () => clearTimeout(timer))
  req.resume()
}

export function headersOf(req: ExpressRequest) {
  const headers = new Headers()
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue
    if (Array.isArray(values)) for (const value of values) headers.append(name, value)
    else headers.set(name, values)
  }
  return headers
}

/** The request's URL, with the host and port the client used (behind a trusted proxy, its forwarded host's port). */
export function urlOf(req: ExpressRequest) {
  const forwardedPort = req.app.enabled('trust proxy') ? Number.parseInt(req.get('X-Forwarded-Host')?.split(':')[1] ?? '', 10) : Number.NaN
  const hostPort = Number.parseInt(req.get('host')?.split(':')[1] ?? '', 10)
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : undefined
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || 'localhost'}${port ? `:${port}` : ''}`
  return new URL(`${req.protocol}://${host}${req.originalUrl}`).href
}

/**
 * The adapter flushes the compression after every chunk it writes, and React
 * writes a page as many chunks of a few kilobytes in one go: each became a
 * compressed block of its own, about three times the bytes of the page
 * compressed whole and more time compressing them. Chunks written in the same
 * turn of the event loop are flushed once; a part written later (a streamed
 * part of a page) still leaves as soon as it is written.
 */
function flushOncePerTurn(res: ExpressResponse & { flush?: () => void }): ExpressResponse {
  // Only the compression middleware (server.js) adds flush; without it there is nothing to hold back.
  if (typeof res.flush !== 'function') return res
  const flush = res.flush.bind(res)
  let scheduled = false
  res.flush = () => {
    if (scheduled) return
    scheduled = true
    setImmediate(() => {
      scheduled = false
      if (!res.writableEnded && !res.destroyed) flush()
    })
  }
  return res
}

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel()
    return
  }
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers.entries()) {
    // A cache rule set before the router (no-store on private paths) is final.
    if (name === 'cache-control' && res.hasHeader('cache-control')) continue
    res.append(name, value)
  }
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders()
  if (!response.body) {
    res.end()
    return
  }
  try {
    await writeReadableStreamToWritable(response.body, flushOncePerTurn(res))
  } catch (error) {
    if (res.destroyed || res.writableEnded) return
    throw error
  }
}
