import { PassThrough, pipeline } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import { isRouteErrorResponse, RouterContextProvider, ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router'
import { logger } from './lib/logger.server.ts'
import { inPieces } from './lib/response-pieces.server.ts'
import { scriptsAfterContent } from './lib/scripts-after-content.server.ts'
import { cspNonceContext, requestIdContext, sharedRenderContext } from './lib/request-context.ts'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  // A page rendered for the cache has no nonce: its inline scripts are allowed by their hashes (server/page-cache.ts).
  const nonce = loadContext.get(cspNonceContext) || undefined
  const shared = loadContext.get(sharedRenderContext)

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers and link previews get the complete page in one response, and so does the cache, which keeps it whole.
    const readyOption: keyof RenderToPipeableStreamOptions =
      shared || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(body)
          // One pipeline: a response cancelled (the visitor left) destroys React's destination too, so React stops rendering,
          // and a destination React destroys ends the response in an error instead of leaving it open.
          const page = pipeline(body, scriptsAfterContent(), inPieces(), () => {})
          resolve(new Response(createReadableStreamFromReadable(page), { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)))
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) logger.error({ err: error, reqId: loadContext.get(requestIdContext) }, 'rendering failed')
        },
      },
    )
  })
}

/** Errors of loaders and actions: logged with the request's id; visitors see the error page without details. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A visitor who navigated away is not an error.
  if (request.signal.aborted) return
  // The router's own 4xx answers (a form posted to a page without an action, an unknown route) are the request's fault, not a crash.
  if (isRouteErrorResponse(error) && error.status < 500) return
  const reqId = context instanceof RouterContextProvider ? context.get(requestIdContext) : undefined
  logger.error({ err: error, reqId, method: request.method, url: new URL(request.url).pathname }, 'request failed')
}
