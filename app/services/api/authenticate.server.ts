import { hasRole } from '#app/domain/user/access.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { ApiError, API_MESSAGES } from './api-error.server.ts'
import { verifyApiKey } from './api-keys.server.ts'
import type { ApiCaller, Collection } from './collection.ts'

/** The key of `Authorization: Bearer <key>`, or null. Cookies never count: a browser cannot be made to call the API. */
export function bearerKey(headers: Headers): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(headers.get('authorization') ?? '')
  return match?.[1] ?? null
}

/** The caller of an API request, with a role that may use the collection; otherwise a 401, 403 or 429. */
export async function authorizedCaller(request: Request, collection: Collection): Promise<ApiCaller> {
  const key = bearerKey(request.headers)
  if (!key) throw new ApiError('unauthorized', API_MESSAGES.keyRequired, { 'WWW-Authenticate': 'Bearer' })
  const caller = await verifyApiKey(key)
  if (!hasRole(caller.role, collection.minimumRole)) {
    throw DomainError.forbidden(`This API key acts as ${caller.role}; ${collection.name} needs ${collection.minimumRole} or higher.`)
  }
  return caller
}
