import { describe, expect, test } from 'vitest'
import { getUserAccess } from '#app/domain/user/user.server.ts'
import { auth } from '#app/services/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { requireRole } from '#app/services/permissions.server.ts'
import type { Role } from '#db/tables/people.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { cookieFrom, createSignedInUser, requestWithCookie, TEST_PASSWORD } from '#tests/setup/users.ts'

prepareTestDatabase()

/** What requireRole does with a request: the staff member, or the redirect it throws. */
async function outcome(request: Request, minimum: Role) {
  try {
    const staff = await requireRole(request, minimum)
    return `allowed as ${staff.role}`
  } catch (thrown) {
    if (thrown instanceof Response) return `${thrown.status} -> ${thrown.headers.get('Location')}`
    throw thrown
  }
}

describe('accounts', () => {
  test('sign-up through the HTTP endpoint gives role user and status pending', async () => {
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.org`
    const response = await auth.handler(
      new Request('http://localhost:3000/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ email, password: TEST_PASSWORD, name: 'New Parent' }),
      }),
    )
    expect(response.status).toBe(200)
    // No session until the address is confirmed (accounts.test.ts follows the mailed link).
    expect(response.headers.getSetCookie().join()).not.toMatch(/session_token/)

    const user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    expect(await getUserAccess(user.id)).toEqual({ role: 'user', status: 'pending', fullName: 'New Parent', email })
    await db.updateTable('user').set({ emailVerified: true }).where('id', '=', user.id).execute()
    const signedIn = await auth.api.signInEmail({ body: { email, password: TEST_PASSWORD }, asResponse: true })
    expect(signedIn.headers.getSetCookie().join()).toMatch(/HttpOnly/i)
    expect(await outcome(requestWithCookie('/admin', cookieFrom(signedIn)), 'user')).toBe('allowed as user')
  })

  test('passwords shorter than 6 characters are refused and nothing is stored', async () => {
    const email = `short-${crypto.randomUUID().slice(0, 8)}@example.org`
    const response = await auth.handler(
      new Request('http://localhost:3000/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ email, password: '12345', name: 'X' }),
      }),
    )
    expect(response.status).toBe(400)
    expect(await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  })

  test('passwords are stored hashed, never as typed', async () => {
    const { userId } = await createSignedInUser('user')
    const account = await db.selectFrom('account').select('password').where('userId', '=', userId).executeTakeFirstOrThrow()
    expect(account.password).toBeTruthy()
    expect(account.password).not.toContain(TEST_PASSWORD)
  })
})

describe('requireRole on the server', () => {
  test('no session: redirect to /auth?error=access_denied', async () => {
    expect(await outcome(requestWithCookie('/admin'), 'user')).toBe('302 -> /auth?error=access_denied')
    expect(await outcome(requestWithCookie('/admin', 'better-auth.session_token=forged.value'), 'user')).toBe(
      '302 -> /auth?error=access_denied',
    )
  })

  test('a session without a role row is denied', async () => {
    const { userId, cookie } = await createSignedInUser('editor')
    await db.deleteFrom('user_roles').where('user_id', '=', userId).execute()
    expect(await outcome(requestWithCookie('/admin', cookie), 'user')).toBe('302 -> /auth?error=access_denied')
  })

  test('role user reaches only the dashboard; editor not users or theme; admin everything', async () => {
    const user = await createSignedInUser('user')
    const editor = await createSignedInUser('editor')
    const admin = await createSignedInUser('admin')

    expect(await outcome(requestWithCookie('/admin', user.cookie), 'user')).toBe('allowed as user')
    expect(await outcome(requestWithCookie('/admin/blogs', user.cookie), 'editor')).toBe('302 -> /admin')
    expect(await outcome(requestWithCookie('/admin/users', user.cookie), 'admin')).toBe('302 -> /admin')

    expect(await outcome(requestWithCookie('/admin/blogs', editor.cookie), 'editor')).toBe('allowed as editor')
    expect(await outcome(requestWithCookie('/admin/users', editor.cookie), 'admin')).toBe('302 -> /admin')

    expect(await outcome(requestWithCookie('/admin/users', admin.cookie), 'admin')).toBe('allowed as admin')
  })

  test('a pending admin acts as role user; a rejected account has no session', async () => {
    const pending = await createSignedInUser('admin', 'pending')
    const rejected = await createSignedInUser('editor', 'rejected')
    expect(await outcome(requestWithCookie('/admin', pending.cookie), 'user')).toBe('allowed as user')
    expect(await outcome(requestWithCookie('/admin/users', pending.cookie), 'admin')).toBe('302 -> /admin')
    expect(rejected.cookie).not.toMatch(/session_token/)
    expect(await outcome(requestWithCookie('/admin/blogs', rejected.cookie), 'editor')).toBe('302 -> /auth?error=access_denied')
  })

  test('after sign-out the old cookie is refused', async () => {
    const admin = await createSignedInUser('admin')
    await auth.api.signOut({ headers: new Headers({ cookie: admin.cookie }) })
    expect(await outcome(requestWithCookie('/admin', admin.cookie), 'user')).toBe('302 -> /auth?error=access_denied')
  })
})
