import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { setUserPassword } from '#app/domain/user/user-admin.server.ts'
import { withClientAddress } from '#app/lib/auth-rate-limit.server.ts'
import { auth } from '#app/services/auth.server.ts'
import { config } from '#app/lib/env.server.ts'
import { db } from '#app/lib/db.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { mailedResetToken } from '#tests/setup/outbox.ts'
import { createSignedInUser, TEST_PASSWORD } from '#tests/setup/users.ts'

prepareTestDatabase()

const LOCKED = { message: 'Too many failed sign-in attempts for this account. Try again in a few minutes, or reset your password.' }
const WRONG = { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' }

let addressCounter = 0
/** A client address no earlier request used, so the per-address rate limit never answers first. */
function freshAddress() {
  addressCounter += 1
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`
}

function signIn(email: string, password: string, clientAddress = freshAddress()) {
  const request = new Request('http://localhost:3000/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({ email, password }),
  })
  return auth.handler(withClientAddress(request, clientAddress))
}

/** The lock-notice mails the outbox (DATA_DIR/mail) holds for the address. */
function lockMailsTo(email: string) {
  const outbox = path.join(config.dataDir, 'mail')
  if (!fs.existsSync(outbox)) return []
  return fs
    .readdirSync(outbox)
    // Quoted-printable soft line breaks undone, so sentences read whole.
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, ''))
    .filter((raw) => raw.includes(`To: ${email}`) && raw.includes('Subject: Sign-in to your account on Our School was locked'))
}

async function failFiveTimes(email: string) {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const answer = await signIn(email, 'wrong-password')
    expect(answer.status).toBe(401)
    expect(await answer.json()).toEqual(WRONG)
  }
}

function later(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + ms)
}

afterEach(() => {
  vi.useRealTimers()
})

describe('per-account sign-in lock', () => {
  test('30 wrong passwords from 6 addresses lock the account: the right one is refused, works after the lock, and the owner got one mail', async () => {
    const admin = await createSignedInUser('admin')
    const addresses = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5', '203.0.113.6']
    const statuses: number[] = []
    for (const address of addresses) {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const answer = await signIn(admin.email, 'wrong-password', address)
        statuses.push(answer.status)
        if (answer.status === 429) {
          expect(await answer.json()).toEqual(LOCKED)
          expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
        }
      }
    }
    // Five free failures, then the lock answers before any password is checked.
    expect(statuses).toEqual([401, 401, 401, 401, 401, ...Array<number>(25).fill(429)])

    const right = await signIn(admin.email, TEST_PASSWORD)
    expect(right.status).toBe(429)
    // The same answer as for a wrong password: the lock tells nothing about the password.
    expect(await right.json()).toEqual(LOCKED)
    expect(right.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/)

    await vi.waitFor(() => expect(lockMailsTo(admin.email)).toHaveLength(1))
    const [mail] = lockMailsTo(admin.email)
    expect(mail).toContain('5 wrong passwords in a row')
    expect(mail).toContain('http://localhost:3000/auth')

    later(61_000)
    const afterLock = await signIn(admin.email, TEST_PASSWORD)
    expect(afterLock.status).toBe(200)
    expect(afterLock.headers.getSetCookie().join()).toMatch(/session_token=[^;]/)
    // A success forgets the failures.
    expect(await db.selectFrom('sign_in_failures').selectAll().where('email', '=', admin.email).executeTakeFirst()).toBeUndefined()
    expect(lockMailsTo(admin.email)).toHaveLength(1)
  })

  test('each further lock in a row lasts twice as long, and the owner is mailed only when the first one starts', async () => {
    const admin = await createSignedInUser('admin')
    await failFiveTimes(admin.email)
    expect((await signIn(admin.email, TEST_PASSWORD)).status).toBe(429)

    later(61_000)
    await failFiveTimes(admin.email)
    vi.setSystemTime(Date.now() + 61_000)
    expect((await signIn(admin.email, TEST_PASSWORD)).status).toBe(429)
    vi.setSystemTime(Date.now() + 60_000)
    expect((await signIn(admin.email, TEST_PASSWORD)).status).toBe(200)

    await vi.waitFor(() => expect(lockMailsTo(admin.email)).toHaveLength(1))
  })

  test('a password reset lifts the lock', async () => {
    const user = await createSignedInUser('editor')
    await failFiveTimes(user.email)
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(429)

    const token = await mailedResetToken(user.email)
    await auth.api.resetPassword({ body: { token, newPassword: 'a-brand-new-password' } })

    const answer = await signIn(user.email, 'a-brand-new-password')
    expect(answer.status).toBe(200)
  })

  test('an admin who sets a new password for the account lifts the lock', async () => {
    const admin = await createSignedInUser('admin')
    const editor = await createSignedInUser('editor')
    await failFiveTimes(editor.email)
    expect((await signIn(editor.email, TEST_PASSWORD)).status).toBe(429)
    await setUserPassword(editor.userId, 'set-by-the-admin', admin.userId)
    expect((await signIn(editor.email, 'set-by-the-admin')).status).toBe(200)
  })

  test('an address without an account gets the same answers, and nobody is mailed', async () => {
    const email = `nobody-${crypto.randomUUID().slice(0, 8)}@example.org`
    await failFiveTimes(email)
    const answer = await signIn(email, 'wrong-password')
    expect(answer.status).toBe(429)
    expect(await answer.json()).toEqual(LOCKED)
    expect(lockMailsTo(email)).toHaveLength(0)
  })

  test('an e-mail address in other letter case counts against the same account', async () => {
    const user = await createSignedInUser('editor')
    await failFiveTimes(user.email.toUpperCase())
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(429)
  })
})
