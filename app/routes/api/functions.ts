import type { z } from 'zod'
import { USER_FUNCTIONS, USER_MESSAGES } from '#app/domain/user/user-admin.schema.ts'
import { createUser, deleteUser, setUserPassword } from '#app/domain/user/user-admin.server.ts'
import { hasRole } from '#app/domain/user/access.ts'
import { TWO_FACTOR_FIRST } from '#app/domain/user/account-security.ts'
import { mustSetUpTwoFactor } from '#app/domain/user/account-security.server.ts'
import { fieldErrorsOf } from '#app/lib/action-result.ts'
import { isDomainError } from '#app/lib/errors/domain-error.ts'
import { config } from '#app/lib/env.server.ts'
import { getStaffSession } from '#app/services/permissions.server.ts'
import type { Route } from './+types/functions.ts'

function failure(error: string, status: number) {
  return Response.json({ error }, { status })
}

/** The user the function changed and what was done, or the domain's refusal with its status. */
async function reply(userId: Promise<string>, message: string) {
  try {
    return Response.json({ userId: await userId, message })
  } catch (error) {
    if (isDomainError(error)) return failure(error.message, error.status)
    throw error
  }
}

type FunctionName = keyof typeof USER_FUNCTIONS

function isFunctionName(name: string): name is FunctionName {
  return Object.hasOwn(USER_FUNCTIONS, name)
}

/**
 * The user functions (docs/product-rules.md#users): create-user, update-user and delete-user, for admins
 * only. Each answers a JSON object; a failure carries an `error` field.
 * Cookie-authenticated, so only our own pages may call them (same Origin).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return failure('Use POST', 405)
  if (request.headers.get('origin') !== new URL(config.publicUrl).origin) return failure('Cross-site requests are not allowed', 403)
  const staff = await getStaffSession(request)
  if (!staff) return failure('Not signed in', 401)
  if (!hasRole(staff.role, 'admin')) return failure('Only admins may manage users', 403)
  if (await mustSetUpTwoFactor(staff)) return failure(TWO_FACTOR_FIRST, 403)
  const name = params.name
  if (!isFunctionName(name)) return failure(`Unknown function: ${name}`, 404)

  const body: unknown = await request.json().catch(() => null)
  switch (name) {
    case 'create-user':
      return withBody(USER_FUNCTIONS[name], body, async (input) => reply(createUser(input).then((user) => user.id), USER_MESSAGES.created))
    case 'update-user':
      return withBody(USER_FUNCTIONS[name], body, async ({ userId, password }) => reply(setUserPassword(userId, password, staff.userId).then(() => userId), USER_MESSAGES.updated))
    case 'delete-user':
      return withBody(USER_FUNCTIONS[name], body, async ({ userId }) => reply(deleteUser(userId, staff.userId).then(() => userId), USER_MESSAGES.deleted))
  }
}

/** Runs `call` with the body the schema accepts, or answers 400 naming the first problem. */
async function withBody<Schema extends z.ZodType>(schema: Schema, body: unknown, call: (input: z.infer<Schema>) => Promise<Response>) {
  const parsed = schema.safeParse(body)
  if (!parsed.success) return failure(Object.values(fieldErrorsOf(parsed.error))[0] ?? 'Invalid request body', 400)
  return call(parsed.data)
}

export function loader() {
  return failure('Use POST', 405)
}
