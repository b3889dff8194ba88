import { updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { auth } from '#app/services/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { ProfileStatus, Role } from '#db/tables/people.ts'

export const TEST_PASSWORD = 'correct horse battery'

/** Cookie header value from a response's Set-Cookie headers. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** Creates an account with a role and status, and signs it in. */
export async function createSignedInUser(role: Role, status: ProfileStatus = 'approved') {
  const email = `${role}-${crypto.randomUUID().slice(0, 8)}@example.org`
  const { user } = await auth.api.signUpEmail({ body: { email, password: TEST_PASSWORD, name: `Test ${role}` } })
  // Sign-up asks for a confirmed address; confirming is tested on its own.
  await db.updateTable('user').set({ emailVerified: true }).where('id', '=', user.id).execute()
  await updateUserAccess(user.id, { role, status })
  const response = await auth.api.signInEmail({ body: { email, password: TEST_PASSWORD }, asResponse: true })
  return { userId: user.id, email, cookie: cookieFrom(response) }
}

export function requestWithCookie(path: string, cookie?: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  if (cookie) headers.set('cookie', cookie)
  return new Request(new URL(path, 'http://localhost:3000'), { ...init, headers })
}
