import { PUSH_MESSAGES } from '#app/domain/push/push-subscription.schema.ts'
import { isDomainError } from '#app/lib/errors/domain-error.ts'
import { logger } from '#app/lib/logger.server.ts'

/** A push subscription is well under 1 KB; the server's own limit for anonymous bodies is larger. */
export const MAX_PUSH_REQUEST_BYTES = 4096

function failure(error: string, status: number, headers?: HeadersInit) {
  return Response.json({ ok: false, error }, { status, headers })
}

/**
 * The two anonymous JSON calls of the 'Get notified' button: only JSON is
 * read (a form posted from another site cannot be, and no CORS lets other
 * sites send JSON), at most MAX_PUSH_REQUEST_BYTES of it, and the domain's
 * refusal is answered with its status and message.
 */
export async function answerPushRequest(request: Request, handle: (body: unknown) => Promise<unknown>): Promise<Response> {
  if (request.method !== 'POST') return failure('Use POST.', 405, { Allow: 'POST' })
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) return failure(PUSH_MESSAGES.notJson, 415)
  const text = await request.text()
  if (Buffer.byteLength(text) > MAX_PUSH_REQUEST_BYTES) return failure(PUSH_MESSAGES.tooLarge, 413)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return failure(PUSH_MESSAGES.notJson, 400)
  }
  try {
    await handle(body)
    return Response.json({ ok: true })
  } catch (error) {
    if (!isDomainError(error)) {
      logger.error({ err: error }, 'a push subscription request failed')
      return failure('The site could not save this just now. Please try again.', 500)
    }
    return failure(error.message, error.status, error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined)
  }
}

/** The loader of a POST-only address: a GET is told what to do instead. */
export function onlyPost() {
  return failure('Use POST.', 405, { Allow: 'POST' })
}
