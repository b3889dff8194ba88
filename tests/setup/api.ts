import { createApiKey } from '#app/services/api/api-keys.server.ts'
import { answerCollection, answerItem, answerUnknownPath } from '#app/services/api/handler.server.ts'
import { createSignedInUser } from './users.ts'

const BASE = 'http://localhost:3000/api/v1'

export interface ApiCall {
  key?: string | null
  body?: unknown
  form?: FormData
  headers?: Record<string, string>
}

function apiRequest(method: string, path: string, { key, body, form, headers = {} }: ApiCall = {}) {
  const all = new Headers(headers)
  if (key) all.set('authorization', `Bearer ${key}`)
  let payload: BodyInit | undefined
  if (form) payload = form
  else if (body !== undefined) {
    all.set('content-type', 'application/json')
    payload = typeof body === 'string' ? body : JSON.stringify(body)
  }
  return new Request(`${BASE}${path}`, { method, headers: all, body: payload })
}

/** The content API's answer to one request (`/posts`, `/posts/{id}?…`), as the routes give it, with the body parsed. */
export async function callApi(method: string, path: string, options: ApiCall = {}) {
  const request = apiRequest(method, path, options)
  const [collection, id, ...rest] = path.replace(/^\//, '').split('?')[0]!.split('/')
  const response = rest.length ? answerUnknownPath() : id ? await answerItem(request, collection, id) : await answerCollection(request, collection)
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null }
}

/** A new API key with `role`, owned by a new signed-in user with `ownerRole`. */
export async function apiKeyFor(role: 'editor' | 'admin', ownerRole: 'editor' | 'admin' = 'admin') {
  const owner = await createSignedInUser(ownerRole)
  const created = await createApiKey({ name: `test ${role}`, role }, owner.userId)
  return { ...created, owner }
}
