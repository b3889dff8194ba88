import { describe, expect, test } from 'vitest'
import { auth } from '#app/services/auth.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

prepareTestDatabase()

const ORIGIN = 'http://localhost:3000'

function verifyEmail(callbackURL: string) {
  const query = new URLSearchParams({ token: 'x', callbackURL })
  return auth.handler(new Request(`${ORIGIN}/api/auth/verify-email?${query}`))
}

function post(path: string, body: Record<string, unknown>) {
  return auth.handler(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify(body),
    }),
  )
}

/** Addresses that a browser, or Better Auth after normalising them, would send off the site. */
const FOREIGN_ADDRESSES = [
  '/.//evil.example',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/..//evil.example',
  '/%2F%2Fevil.example',
  '/%252F%252Fevil.example',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  ' //evil.example',
  'https://evil.example/admin',
  'http://localhost:3000.evil.example/admin',
  'javascript:alert(1)',
  'admin',
]

describe('return addresses lead back to a path on this site, or the request is refused', () => {
  test('the reported request: verify-email with callbackURL /.//evil.example is refused with 400, no redirect', async () => {
    const response = await auth.handler(new Request(`${ORIGIN}/api/auth/verify-email?token=x&callbackURL=%2F.%2F%2Fevil.example`))
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
    expect(await response.json()).toMatchObject({ message: 'Invalid callbackURL' })
  })

  test.each(FOREIGN_ADDRESSES)('verify-email refuses callbackURL %j', async (address) => {
    const response = await verifyEmail(address)
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
  })

  test.each(['/auth', '/admin', '/auth/reset-password', `${ORIGIN}/admin`, '/auth?from=%2F%2Fmail'])('verify-email keeps a path of this site, %j', async (address) => {
    const response = await verifyEmail(address)
    expect(response.status).toBe(302)
    const location = response.headers.get('location') ?? ''
    expect(new URL(location, ORIGIN).origin).toBe(ORIGIN)
    expect(location).toMatch(/error=INVALID_TOKEN/)
  })

  test('every field of every endpoint: errorCallbackURL and newUserCallbackURL of a provider sign-in, redirectTo, sign-up callbackURL', async () => {
    const refusals = [
      ['/sign-in/social', { provider: 'google', callbackURL: '/admin', errorCallbackURL: '/.//evil.example' }, 'errorCallbackURL'],
      ['/sign-in/social', { provider: 'google', callbackURL: '/admin', newUserCallbackURL: '//evil.example' }, 'newUserCallbackURL'],
      ['/link-social', { provider: 'google', callbackURL: '/admin/account', errorCallbackURL: '/\t/evil.example' }, 'errorCallbackURL'],
      ['/request-password-reset', { email: 'someone@example.org', redirectTo: '/\\evil.example' }, 'redirectTo'],
      ['/sign-up/email', { email: 'someone@example.org', password: 'long enough', name: '', callbackURL: '/%2F%2Fevil.example' }, 'callbackURL'],
    ] as const
    for (const [path, body, field] of refusals) {
      const response = await post(path, body)
      expect(response.status, path).toBe(400)
      expect(await response.json(), path).toMatchObject({ message: `Invalid ${field}` })
    }
  })
})
