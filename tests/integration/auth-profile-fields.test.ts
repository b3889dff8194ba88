import { describe, expect, test } from 'vitest'
import { auth } from '#app/services/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser, TEST_PASSWORD } from '#tests/setup/users.ts'

prepareTestDatabase()

const ORIGIN = 'http://localhost:3000'

function updateUser(cookie: string, body: Record<string, unknown>) {
  return auth.handler(
    new Request(`${ORIGIN}/api/auth/update-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
      body: JSON.stringify(body),
    }),
  )
}

function storedUser(id: string) {
  return db.selectFrom('user').select(['name', 'image']).where('id', '=', id).executeTakeFirstOrThrow()
}

describe('the name and picture of an account follow the same rules on every path', () => {
  test('update-user refuses a name over 100 characters, even a huge one, from a pending account, and stores nothing', async () => {
    const { userId, cookie } = await createSignedInUser('user', 'pending')
    for (const name of ['n'.repeat(101), 'n'.repeat(1_000_000)]) {
      const response = await updateUser(cookie, { name })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ message: 'Full name must be less than 100 characters' })
    }
    expect(await storedUser(userId)).toEqual({ name: 'Test user', image: null })
  })

  test('update-user refuses a picture that is neither a file of this site nor an http(s) address', async () => {
    const { userId, cookie } = await createSignedInUser('editor')
    for (const image of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/a.png', 'x'.repeat(3000)]) {
      const response = await updateUser(cookie, { image })
      expect(response.status, image.slice(0, 40)).toBe(400)
      expect(await response.json()).toMatchObject({ message: 'Must be a valid URL' })
    }
    expect(await storedUser(userId)).toEqual({ name: 'Test editor', image: null })
  })

  test('update-user stores a valid name trimmed and a valid picture', async () => {
    const { userId, cookie } = await createSignedInUser('user')
    expect((await updateUser(cookie, { name: '  Ada Lovelace  ', image: '/files/avatars/ada.png' })).status).toBe(200)
    expect(await storedUser(userId)).toEqual({ name: 'Ada Lovelace', image: '/files/avatars/ada.png' })
    expect((await updateUser(cookie, { image: 'https://images.example.org/ada.png' })).status).toBe(200)
    expect(await storedUser(userId)).toEqual({ name: 'Ada Lovelace', image: 'https://images.example.org/ada.png' })
  })

  test('sign-up refuses a javascript: picture and creates no account', async () => {
    const email = `picture-${crypto.randomUUID().slice(0, 8)}@example.org`
    const response = await auth.handler(
      new Request(`${ORIGIN}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ email, password: TEST_PASSWORD, name: 'Parent', image: 'javascript:alert(1)' }),
      }),
    )
    expect(response.status).toBe(400)
    expect(await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  })

  test('a server-side update of the user row (as a provider sign-in refreshing the profile does) is held to the same rules', async () => {
    const { userId } = await createSignedInUser('user')
    const context = await auth.$context
    await expect(context.internalAdapter.updateUser(userId, { name: 'n'.repeat(101) })).rejects.toThrow('Full name must be less than 100 characters')
    await expect(context.internalAdapter.updateUser(userId, { image: 'javascript:alert(1)' })).rejects.toThrow('Must be a valid URL')
    expect(await storedUser(userId)).toEqual({ name: 'Test user', image: null })
  })
})
