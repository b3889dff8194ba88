import { defaultKeyHasher } from '@better-auth/api-key'
import { hasRole } from '#app/domain/user/access.ts'
import { getUserAccess } from '#app/domain/user/user.server.ts'
import type { Role } from '#db/tables/people.ts'
import { readNullableTimestamp, readTimestamp, readBool } from '#db/portable.ts'
import { auth } from '../auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { API_KEY_MESSAGES, API_KEY_ROLES, type ApiKeyInput, type ApiKeyRole, type ApiKeySummary } from './api-key.schema.ts'
import type { ApiCaller } from './collection.ts'

/** A key as made: `key` is the secret itself, shown once and stored only as a hash. */
export interface NewApiKey {
  id: string
  name: string
  role: ApiKeyRole
  key: string
}

/** Who a request's key acts for: its owner, with the lower of the key's role and the owner's current one. */
function isApiKeyRole(value: unknown): value is ApiKeyRole {
  return (API_KEY_ROLES as readonly unknown[]).includes(value)
}

/** The role a key was made with, kept in the plugin's `permissions` as {"role":["editor"]}. */
function roleOfPermissions(permissions: unknown): ApiKeyRole | null {
  let parsed = permissions
  if (typeof permissions === 'string') {
    try {
      parsed = JSON.parse(permissions)
    } catch {
      return null
    }
  }
  const role = (parsed as { role?: unknown[] } | null)?.role?.[0]
  return isApiKeyRole(role) ? role : null
}

/** The role that counts today: a user who is not approved acts as 'user'; a key never acts above its owner. */
async function effectiveRole(ownerId: string, keyRole: ApiKeyRole): Promise<Role | null> {
  const access = await getUserAccess(ownerId)
  if (!access) return null
  const ownerRole: Role = access.status === 'approved' ? access.role : 'user'
  return hasRole(ownerRole, keyRole) ? keyRole : ownerRole
}

/** Makes a key for `ownerId`, who must hold at least the key's role. */
export async function createApiKey(input: ApiKeyInput, ownerId: string): Promise<NewApiKey> {
  const ownerRole = await effectiveRole(ownerId, 'admin')
  if (!ownerRole || !hasRole(ownerRole, input.role)) throw DomainError.invalidField('role', API_KEY_MESSAGES.ownerTooLow)
  const created = await auth.api.createApiKey({ body: { name: input.name, userId: ownerId, permissions: { role: [input.role] } } })
  return { id: created.id, name: input.name, role: input.role, key: created.key }
}

/** Every key of the site, newest first, with its owner. */
export async function listApiKeys(): Promise<ApiKeySummary[]> {
  const rows = await db
    .selectFrom('apikey')
    .innerJoin('user', 'user.id', 'apikey.referenceId')
    .select(['apikey.id', 'apikey.name', 'apikey.start', 'apikey.permissions', 'apikey.createdAt', 'apikey.lastRequest', 'user.email'])
    .orderBy('apikey.createdAt', 'desc')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? '',
    start: row.start,
    role: roleOfPermissions(row.permissions) ?? 'editor',
    ownerEmail: row.email,
    createdAt: readTimestamp(row.createdAt),
    lastUsedAt: readNullableTimestamp(row.lastRequest),
  }))
}

/** Revokes a key: it is deleted, and refused from the next request on. */
export async function revokeApiKey(id: string): Promise<void> {
  const deleted = await db.deleteFrom('apikey').where('id', '=', id).executeTakeFirst()
  if (!deleted.numDeletedRows) throw DomainError.notFound(API_KEY_MESSAGES.notFound)
}

/** Why a key was refused: not a key of this site (unknown, revoked, expired), or used too often. */
export class ApiKeyRefusal extends Error {
  override name = 'ApiKeyRefusal'
  constructor(
    readonly reason: 'invalid' | 'rate_limited',
    readonly retryAfterSeconds?: number,
  ) {
    super(reason)
  }
}

/**
 * Checks a key with the plugin, which also counts the request against the
 * key's rate limit and records it as the key's last use.
 */
export async function verifyApiKey(key: string): Promise<ApiCaller> {
  const result = await auth.api.verifyApiKey({ body: { key } })
  if (!result.valid || !result.key) {
    const error = result.error as { code?: string; details?: { tryAgainIn?: number } } | null
    if (error?.code === 'RATE_LIMITED') throw new ApiKeyRefusal('rate_limited', Math.max(1, Math.ceil((error.details?.tryAgainIn ?? 1000) / 1000)))
    throw new ApiKeyRefusal('invalid')
  }
  const keyRole = roleOfPermissions(result.key.permissions)
  const role = keyRole && (await effectiveRole(result.key.referenceId, keyRole))
  if (!role) throw new ApiKeyRefusal('invalid')
  return { keyId: result.key.id, userId: result.key.referenceId, role }
}

/**
 * The role a key would act with, or null, without counting a use: for
 * choosing a request's body limit before the request reaches its route.
 */
export async function peekApiKeyRole(key: string): Promise<Role | null> {
  const row = await db
    .selectFrom('apikey')
    .select(['referenceId', 'permissions', 'enabled', 'expiresAt'])
    .where('key', '=', await defaultKeyHasher(key))
    .executeTakeFirst()
  if (!row || (row.enabled !== null && !readBool(row.enabled))) return null
  if (row.expiresAt && Date.parse(readTimestamp(row.expiresAt)) < Date.now()) return null
  const keyRole = roleOfPermissions(row.permissions)
  return keyRole ? effectiveRole(row.referenceId, keyRole) : null
}
