import { describe, expect, test } from 'vitest'
import { CLIENT_ADDRESS_HEADER, withClientAddress } from '#app/lib/auth-rate-limit.server.ts'
import { auth } from '#app/services/auth.server.ts'
import { config } from '#app/lib/env.server.ts'
import { db } from '#app/lib/db.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

prepareTestDatabase()

/** A post to Better Auth's handler as the auth route makes it: the client address set from the socket. */
function post(path: string, body: object, clientAddress: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost:3000/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', ...headers },
    body: JSON.stringify(body),
  })
  return auth.handler(withClientAddress(request, clientAddress))
}

describe('auth rate limits (on by default)', () => {
  test('the configuration turns them on unless AUTH_RATE_LIMIT=false', () => {
    expect(config.authRateLimit).toBe(true)
  })

  test('the 6th sign-in attempt within a minute from one address gets 429 with a message; another address is not affected', async () => {
    // A new e-mail address each time, so that only the per-address limit answers (five failures for one account lock it as well).
    const attempt = (address: string, headers?: Record<string, string>) =>
      post('/sign-in/email', { email: `nobody-${crypto.randomUUID().slice(0, 8)}@example.org`, password: 'wrong-password' }, address, headers)
    for (let count = 1; count <= 5; count += 1) {
      expect((await attempt('203.0.113.10')).status).toBe(401)
    }
    const refused = await attempt('203.0.113.10')
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ message: 'Too many requests. Please try again later.' })
    expect(Number(refused.headers.get('x-retry-after'))).toBeGreaterThan(0)

    // A client cannot pick its own bucket: the header it sends is replaced by its real address.
    expect((await attempt('203.0.113.10', { [CLIENT_ADDRESS_HEADER]: '198.51.100.99', 'x-forwarded-for': '198.51.100.98' })).status).toBe(429)
    expect((await attempt('203.0.113.11')).status).toBe(401)

    // Counted in the database, so every app instance on it sees the same counts.
    const row = await db.selectFrom('rateLimit').select('count').where('key', '=', '203.0.113.10|/sign-in/email').executeTakeFirst()
    expect(row).toEqual({ count: 5 })
  })

  test('password-reset requests and sign-ups are limited the same way', async () => {
    for (let count = 1; count <= 5; count += 1) {
      expect((await post('/request-password-reset', { email: 'nobody@example.org', redirectTo: '/auth/reset-password' }, '203.0.113.20')).status).toBe(200)
    }
    expect((await post('/request-password-reset', { email: 'nobody@example.org', redirectTo: '/auth/reset-password' }, '203.0.113.20')).status).toBe(429)

    for (let count = 1; count <= 5; count += 1) {
      const email = `limit-${crypto.randomUUID().slice(0, 8)}@example.org`
      expect((await post('/sign-up/email', { email, password: 'long-enough', name: '' }, '203.0.113.21')).status).toBe(200)
    }
    const sixth = await post('/sign-up/email', { email: 'sixth@example.org', password: 'long-enough', name: '' }, '203.0.113.21')
    expect(sixth.status).toBe(429)
    expect(await db.selectFrom('user').select('id').where('email', '=', 'sixth@example.org').executeTakeFirst()).toBeUndefined()
  })
})
