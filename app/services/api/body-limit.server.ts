import { hasRole } from '#app/domain/user/access.ts'
import { BODY_LIMITS, CONTENT_API_PATH, type BodyLimit } from '#app/lib/body-limits.ts'
import { logger } from '#app/lib/logger.server.ts'
import { peekApiKeyRole } from './api-keys.server.ts'
import { bearerKey } from './authenticate.server.ts'
import { findCollection } from './collections.server.ts'

/**
 * The body limit of a content API request, chosen before its body is read:
 * the collection's staff limit for a key whose role may use the collection
 * (looked up without counting a use), the small limit for anyone else.
 */
export async function contentApiBodyLimit(path: string, headers: Headers): Promise<BodyLimit> {
  const collection = findCollection(path.slice(CONTENT_API_PATH.length + 1).split('/')[0] ?? '')
  const key = bearerKey(headers)
  if (!collection || !key) return BODY_LIMITS.anyone
  try {
    const role = await peekApiKeyRole(key)
    return role && hasRole(role, collection.minimumRole) ? BODY_LIMITS[collection.bodyLimit ?? 'staffForm'] : BODY_LIMITS.anyone
  } catch (error) {
    logger.error({ err: error }, 'API key lookup for a body limit failed')
    return BODY_LIMITS.anyone
  }
}
