import { z } from 'zod'
import { requiredText, rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'

/** The roles a key can act with: the staff roles. */
export const API_KEY_ROLES = ['editor', 'admin'] as const
export type ApiKeyRole = (typeof API_KEY_ROLES)[number]

export const API_KEY_NAME_MAX = 64

export const API_KEY_MESSAGES = {
  created: 'API key created',
  revoked: 'API key revoked',
  notFound: 'API key not found',
  roleRequired: 'Choose the role the key acts with: editor or admin',
  confirmRevoke: 'Revoke this API key? Scripts using it stop working at once.',
  shownOnce: 'Copy the key now: it is shown only once.',
  ownerTooLow: 'The key cannot have a higher role than its owner',
} as const

/** A new key: a name that says what it is for, and the role it acts with. */
export const apiKeySchema = z.object({
  name: requiredText('Name', API_KEY_NAME_MAX),
  role: z.enum(API_KEY_ROLES, { error: API_KEY_MESSAGES.roleRequired }),
})

export type ApiKeyInput = z.infer<typeof apiKeySchema>

export const apiKeyActionSchema = z.discriminatedUnion(
  'intent',
  [apiKeySchema.safeExtend({ intent: z.literal('create') }), z.object({ intent: z.literal('revoke'), id: rowId })],
  { error: UNKNOWN_ACTION },
)

/** A key as the back office lists it: never the key itself, only its first characters. */
export interface ApiKeySummary {
  id: string
  name: string
  /** The key's first characters, e.g. `sw_AbCdEf`. */
  start: string | null
  role: ApiKeyRole
  ownerEmail: string
  createdAt: string
  lastUsedAt: string | null
}
