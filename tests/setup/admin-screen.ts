import { RouterContextProvider } from 'react-router'
import { adminGuard } from '#app/services/permissions.server.ts'
import { requestWithCookie } from './users.ts'

/** A loader or action of an admin route. */
export type ScreenHandler = (args: never) => Promise<unknown>

/** A refused action's answer as `data()` gives it. */
export type Refused = { data: { ok: false; error: string }; init: { status?: number } | null }

/**
 * A request to an admin screen through the admin guard, as the router runs
 * it: GET without a form, else POST of the form (every `ids` value kept).
 * A redirect comes back as 'redirect <location>'.
 */
export async function adminScreen(handler: ScreenHandler, cookie: string, path: string, form?: Array<[string, string]>): Promise<unknown> {
  const context = new RouterContextProvider()
  const request = requestWithCookie(path, cookie, form ? { method: 'POST', body: new URLSearchParams(form) } : {})
  const args = { request, context, params: {} } as never
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

/** A bulk action's form: its intent and one `ids` field per selected row. */
export const bulkForm = (intent: string, ids: readonly string[]): Array<[string, string]> => [['intent', intent], ...ids.map((id): [string, string] => ['ids', id])]
