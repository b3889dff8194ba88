import { describe, expect, test } from 'vitest'
import { auth } from '#app/services/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { secretOf, totpCode } from '#tests/setup/totp.ts'
import { cookieFrom, createSignedInUser, TEST_PASSWORD } from '#tests/setup/users.ts'

prepareTestDatabase()

/** Turns on TOTP for a signed-in user as the account page does: password, then a first code. */
async function enrol(cookie: string) {
  const enabled = await auth.api.enableTwoFactor({ body: { password: TEST_PASSWORD }, headers: new Headers({ cookie }), asResponse: true })
  expect(enabled.status).toBe(200)
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] }
  // Enabling 2FA renews the session: continue with the cookies it returns.
  const renewed = cookieFrom(enabled) || cookie
  const secret = secretOf(totpURI)
  const verified = await auth.api.verifyTOTP({ body: { code: totpCode(secret) }, headers: new Headers({ cookie: renewed }), asResponse: true })
  expect(verified.status).toBe(200)
  return { secret, backupCodes, cookie: cookieFrom(verified) || renewed }
}

async function passwordStep(email: string) {
  const response = await auth.api.signInEmail({ body: { email, password: TEST_PASSWORD }, asResponse: true })
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({ twoFactorRedirect: true })
  // Only the two-factor cookie: no session yet.
  expect(response.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/)
  return cookieFrom(response)
}

describe('two-factor sign-in with an authenticator app (TOTP)', () => {
  test('after enrolment the password alone no longer signs in; the code from the app does', async () => {
    const user = await createSignedInUser('editor')
    const { secret } = await enrol(user.cookie)
    const row = await db.selectFrom('user').select('twoFactorEnabled').where('id', '=', user.userId).executeTakeFirstOrThrow()
    expect(Boolean(row.twoFactorEnabled)).toBe(true)
    const stored = await db.selectFrom('twoFactor').select('secret').where('userId', '=', user.userId).executeTakeFirstOrThrow()
    // Stored encrypted, never as the base32 secret.
    expect(stored.secret).not.toContain(secret)

    const pending = await passwordStep(user.email)
    const wrong = await auth.api.verifyTOTP({ body: { code: '000000' === totpCode(secret) ? '111111' : '000000' }, headers: new Headers({ cookie: pending }), asResponse: true })
    expect(wrong.status).toBe(401)
    const right = await auth.api.verifyTOTP({ body: { code: totpCode(secret) }, headers: new Headers({ cookie: pending }), asResponse: true })
    expect(right.status).toBe(200)
    const session = await auth.api.getSession({ headers: new Headers({ cookie: cookieFrom(right) }) })
    expect(session?.user.email).toBe(user.email)
  })

  test('a backup code works once', async () => {
    const user = await createSignedInUser('admin')
    const { backupCodes } = await enrol(user.cookie)
    expect(backupCodes.length).toBeGreaterThanOrEqual(8)
    const first = await auth.api.verifyBackupCode({ body: { code: backupCodes[0]! }, headers: new Headers({ cookie: await passwordStep(user.email) }), asResponse: true })
    expect(first.status).toBe(200)
    const again = await auth.api.verifyBackupCode({ body: { code: backupCodes[0]! }, headers: new Headers({ cookie: await passwordStep(user.email) }), asResponse: true })
    expect(again.status).toBe(401)
  })

  test('turning it off (with the password) restores password-only sign-in', async () => {
    const user = await createSignedInUser('editor')
    const { cookie } = await enrol(user.cookie)
    const disabled = await auth.api.disableTwoFactor({ body: { password: TEST_PASSWORD }, headers: new Headers({ cookie }), asResponse: true })
    expect(disabled.status).toBe(200)
    const signIn = await auth.api.signInEmail({ body: { email: user.email, password: TEST_PASSWORD }, asResponse: true })
    expect(await signIn.json()).not.toHaveProperty('twoFactorRedirect')
  })
})
