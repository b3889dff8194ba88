import type { ActionResult } from '#app/lib/action-result.ts'
import { UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'

/** What a connection that dropped, or an answer that is not the action's, is reported as. */
export const UPLOAD_CONNECTION_LOST = 'The connection was lost. Please try this image again.'

function answerOf(request: XMLHttpRequest): ActionResult {
  try {
    const answer = JSON.parse(request.responseText) as ActionResult
    if (typeof answer === 'object' && answer !== null && 'ok' in answer) return answer
  } catch {
    // Not the action's answer (a proxy's page, a sign-in page after the session ended): said below.
  }
  return { ok: false, error: request.status === 413 ? UPLOAD_MESSAGES.imageTooLarge : UPLOAD_MESSAGES.uploadFailed, fieldErrors: {} }
}

/**
 * Posts a form to an admin resource route and reports how much of it has
 * been sent, which `fetch` cannot do for a request body. Resolves with the
 * action's answer, or a refusal when the connection drops.
 */
export function postWithProgress(url: string, body: FormData, onProgress: (sentFraction: number) => void): Promise<ActionResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    })
    request.addEventListener('load', () => resolve(answerOf(request)))
    for (const failure of ['error', 'abort', 'timeout'] as const) request.addEventListener(failure, () => resolve({ ok: false, error: UPLOAD_CONNECTION_LOST, fieldErrors: {} }))
    request.send(body)
  })
}
