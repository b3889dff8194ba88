import { describe, expect, test } from 'vitest'
import { auth } from '#app/services/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { mailedResetToken } from '#tests/setup/outbox.ts'
import { createSignedInUser } from '#tests/setup/users.ts'

const database = prepareTestDatabase()


describe(`reset tokens at rest on ${database.engine}`, () => {
  test('the database holds only a hash of a mailed reset token, and the mailed token still works once', async () => {
    const { userId, email } = await createSignedInUser('user')
    const token = await mailedResetToken(email)
    expect(token.length).toBeGreaterThanOrEqual(20)

    const rows = await db.selectFrom('verification').selectAll().where('value', '=', userId).execute()
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(rows[0]!.identifier).not.toContain('reset-password')

    await auth.api.resetPassword({ body: { token, newPassword: 'a new long password' } })
    expect(await db.selectFrom('verification').select('id').where('value', '=', userId).execute()).toEqual([])
    await expect(auth.api.resetPassword({ body: { token, newPassword: 'another new password' } })).rejects.toThrow()
    const signedIn = await auth.api.signInEmail({ body: { email, password: 'a new long password' }, asResponse: true })
    expect(signedIn.status).toBe(200)
  })
})
