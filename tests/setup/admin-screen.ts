import { RouterContextProvider } from 'react-router'
import { adminGuard } from '#app/services/permissions.server.ts'
import { requestWithCookie } from './users.ts'

type Handler = (args: never) => Promise<unknown>

/** What an admin action answers when it refuses: the message and the status. */
export type Refused = { data: { ok: false; error: string }; init: { status?: number } | null }

/**
 * A request to an admin screen's loader (no form) or action through the
 * admin guard, as the router runs it; a form is posted with every value, so
 * `ids` may repeat (a FormData goes as multipart, files and all); `params` are the route's (an item's id). A redirect (no session) answers 'redirect {location}'.
 */
export async function adminScreen(handler: Handler, cookie: string, path: string, form?: ReadonlyArray<readonly [string, string]> | FormData, params: Record<string, string> = {}): Promise<unknown> {
  const context = new RouterContextProvider()
  const request = requestWithCookie(path, cookie, form ? { method: 'POST', body: form instanceof FormData ? form : new URLSearchParams(form as Array<[string, string]>) } : {})
  const args = { request, context, params } as never
  try {
    let result: unknown
    await adminGuard(args, async () => {
      result = await handler(args)
      return new Response('page')
    })
    return result
  } catch (thrown) {
    if (thrown instanceof Response) return `redirect ${thrown.headers.get('Location')}`
    throw thrown
  }
}

/** A bulk action's form: its intent and one `ids` field per id. */
export const bulkForm = (intent: string, ids: readonly string[]): Array<[string, string]> => [['intent', intent], ...ids.map((id): [string, string] => ['ids', id])]
