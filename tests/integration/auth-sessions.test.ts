import { afterEach, describe, expect, test, vi } from 'vitest'
import { updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { auth } from '#app/services/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { cookieFrom, createSignedInUser, TEST_PASSWORD } from '#tests/setup/users.ts'

prepareTestDatabase()

const DAY = 24 * 60 * 60 * 1000
const REJECTED = 'This account has been rejected. Please contact an administrator.'

function sessionsOf(userId: string) {
  return db.selectFrom('session').select('id').where('userId', '=', userId).execute()
}

function signIn(email: string) {
  return auth.handler(
    new Request('http://localhost:3000/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    }),
  )
}

describe('a session ends 30 days after sign-in, however active it stays', () => {
  afterEach(() => vi.useRealTimers())

  test('used every day, the session is refreshed until day 30 and refused after it', async () => {
    const start = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now: start })
    const { cookie } = await createSignedInUser('editor')
    const headers = new Headers({ cookie })
    for (let day = 1; day < 30; day++) {
      vi.setSystemTime(start + day * DAY)
      expect(await auth.api.getSession({ headers }), `day ${day}`).not.toBeNull()
    }
    vi.setSystemTime(start + 30 * DAY + 60_000)
    expect(await auth.api.getSession({ headers })).toBeNull()
  })
})

describe('a rejected account cannot sign in', () => {
  test('password sign-in is refused with a clear message and no session is created', async () => {
    const { userId, email } = await createSignedInUser('editor')
    await db.deleteFrom('session').where('userId', '=', userId).execute()
    await db.updateTable('profiles').set({ status: 'rejected' }).where('id', '=', userId).execute()
    const response = await signIn(email)
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ message: REJECTED })
    expect(cookieFrom(response)).not.toMatch(/session_token/)
    expect(await sessionsOf(userId)).toEqual([])
  })

  test('no method creates a session for it: every sign-in (passkey, provider, confirmation link) goes through session creation', async () => {
    const { userId } = await createSignedInUser('user')
    await db.updateTable('profiles').set({ status: 'rejected' }).where('id', '=', userId).execute()
    await db.deleteFrom('session').where('userId', '=', userId).execute()
    const context = await auth.$context
    await expect(context.internalAdapter.createSession(userId)).rejects.toThrow(REJECTED)
    expect(await sessionsOf(userId)).toEqual([])
  })

  test('rejecting an account ends the sessions it has', async () => {
    const { userId, cookie } = await createSignedInUser('editor')
    expect(await sessionsOf(userId)).toHaveLength(1)
    expect(await updateUserAccess(userId, { status: 'rejected' })).toMatchObject({ id: userId, status: 'rejected' })
    expect(await sessionsOf(userId)).toEqual([])
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull()
  })

  test('a pending account still signs in', async () => {
    const { email } = await createSignedInUser('user', 'pending')
    expect((await signIn(email)).status).toBe(200)
  })
})
