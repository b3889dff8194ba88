import { APIError } from 'better-auth/api'
import type { z } from 'zod'
import { accountImageSchema, accountNameSchema } from '#app/domain/user/user-admin.schema.ts'

function checked<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message })
  return parsed.data
}

/**
 * The name and picture of a user row about to be written, held to the user
 * form's rules whoever writes it: sign-up, update-user, a provider's profile,
 * a script. Fields the write does not touch stay untouched; a bad one refuses
 * the whole write.
 */
export function checkedAccountFields<T extends { name?: unknown; image?: unknown }>(user: T): T {
  const fields: { name?: string; image?: string | null } = {}
  if (user.name !== undefined) fields.name = checked(accountNameSchema, user.name) ?? ''
  if (user.image !== undefined) fields.image = user.image === null ? null : checked(accountImageSchema, user.image)
  return { ...user, ...fields }
}
