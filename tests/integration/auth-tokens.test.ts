import { describe, expect, test, vi } from 'vitest'
import { auth } from '#app/lib/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { mailer } from '#app/lib/mail/mail.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

/** Asks for a reset link as the form does and returns the token the mail carries. */
async function mailedResetToken(email: string): Promise<string> {
  const sent = vi.spyOn(mailer, 'send').mockResolvedValue()
  try {
    await auth.api.requestPasswordReset({ body: { email, redirectTo: '/auth/reset-password' } })
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1))
    const link = new URL(sent.mock.calls[0]![0].url)
    return decodeURIComponent(link.pathname.split('/').pop()!)
  } finally {
    sent.mockRestore()
  }
}

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
