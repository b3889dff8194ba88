import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { createEmailVerificationToken } from 'better-auth/api'
import { describe, expect, test } from 'vitest'
import { withClientAddress } from '#app/lib/auth-rate-limit.server.ts'
import { auth } from '#app/services/auth.server.ts'
import { config } from '#app/lib/env.server.ts'
import { db } from '#app/lib/db.server.ts'
import { newId } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { AuthBrowser } from '#tests/setup/browser-cookies.ts'
import { cookieFrom, createSignedInUser, TEST_PASSWORD } from '#tests/setup/users.ts'

prepareTestDatabase()

const ORIGIN = new URL(config.publicUrl).origin
const RP_ID = new URL(config.publicUrl).hostname
const UNVERIFIED_PASSKEY = 'This passkey did not check that it is you (with a PIN, fingerprint or face), and your account asks for two-factor sign-in. Sign in with your password and code, or use a passkey that checks.'

function call(path: string, init: RequestInit = {}) {
  const request = new Request(`${ORIGIN}/api/auth${path}`, { ...init, headers: { origin: ORIGIN, ...init.headers } })
  return auth.handler(withClientAddress(request, '192.0.2.50'))
}

async function setTwoFactorFlag(userId: string) {
  // Only the flag matters to the sign-in paths under test; enrolment itself is tested in two-factor.test.ts.
  await db.updateTable('user').set({ twoFactorEnabled: true }).where('id', '=', userId).execute()
}

function hasLiveSession(response: Response) {
  return response.headers.getSetCookie().some((cookie) => /session_token=[^;]/.test(cookie))
}

/**
 * A software authenticator: a P-256 key whose public key is stored as the
 * user's passkey row, in the COSE form registration stores, so the passkey
 * plugin verifies real signatures; only the "user verified" flag differs.
 */
async function softwarePasskey(userId: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const x = Buffer.from(jwk.x!, 'base64url')
  const y = Buffer.from(jwk.y!, 'base64url')
  // CBOR map {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}.
  const cose = Buffer.concat([Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]), x, Buffer.from([0x22, 0x58, 0x20]), y])
  const credentialID = randomBytes(16).toString('base64url')
  await db
    .insertInto('passkey')
    .values({ id: newId(), name: 'Software key', publicKey: cose.toString('base64'), userId, credentialID, counter: 0, deviceType: 'singleDevice', backedUp: false, transports: 'internal', createdAt: new Date().toISOString(), aaguid: null })
    .execute()
  return { credentialID, privateKey, counter: 0 }
}

async function signInWithPasskey(key: { credentialID: string; privateKey: KeyObject; counter: number }, userVerified: boolean) {
  const options = await call('/passkey/generate-authenticate-options')
  expect(options.status).toBe(200)
  const { challenge } = (await options.json()) as { challenge: string }
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: ORIGIN, crossOrigin: false }))
  key.counter += 1
  const counter = Buffer.alloc(4)
  counter.writeUInt32BE(key.counter)
  // Hash of the RP ID, flags (user present; user verified when the device checked a PIN or biometric), signature counter.
  const authenticatorData = Buffer.concat([createHash('sha256').update(RP_ID).digest(), Buffer.from([0x01 | (userVerified ? 0x04 : 0)]), counter])
  const signature = sign('sha256', Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]), key.privateKey)
  return call('/passkey/verify-authentication', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieFrom(options) },
    body: JSON.stringify({
      response: {
        id: key.credentialID,
        rawId: key.credentialID,
        type: 'public-key',
        response: { clientDataJSON: clientDataJSON.toString('base64url'), authenticatorData: authenticatorData.toString('base64url'), signature: signature.toString('base64url') },
        clientExtensionResults: {},
      },
    }),
  })
}

describe('passkey sign-in of an account with two-factor on', () => {
  test('counts as two factors when the device verified its user, and is refused when it did not', async () => {
    const user = await createSignedInUser('admin')
    await setTwoFactorFlag(user.userId)
    const key = await softwarePasskey(user.userId)

    const unverified = await signInWithPasskey(key, false)
    expect(unverified.status).toBe(401)
    expect(await unverified.json()).toMatchObject({ message: UNVERIFIED_PASSKEY })
    expect(hasLiveSession(unverified)).toBe(false)

    const verified = await signInWithPasskey(key, true)
    expect(verified.status).toBe(200)
    const session = await auth.api.getSession({ headers: new Headers({ cookie: cookieFrom(verified) }) })
    expect(session?.user.id).toBe(user.userId)
  })

  test('an account without two-factor signs in with any passkey, as with a password alone', async () => {
    const user = await createSignedInUser('editor')
    const key = await softwarePasskey(user.userId)
    const answer = await signInWithPasskey(key, false)
    expect(answer.status).toBe(200)
    expect(hasLiveSession(answer)).toBe(true)
  })
})

describe('a confirmation link that signs in an account with two-factor on', () => {
  /** The browser that showed the account's password (the one a link may sign in), and a link for that account. */
  async function browserWithConfirmationLink() {
    const user = await createSignedInUser('editor')
    await setTwoFactorFlag(user.userId)
    await db.updateTable('user').set({ emailVerified: false }).where('id', '=', user.userId).execute()
    const browser = new AuthBrowser()
    expect((await browser.post('/sign-in/email', { email: user.email, password: TEST_PASSWORD })).status).toBe(403)
    const { secret } = await auth.$context
    const token = await createEmailVerificationToken(secret, user.email, undefined, 3600, { userId: user.userId })
    return { browser, link: `${ORIGIN}/api/auth/verify-email?token=${token}` }
  }

  test('sends the browser to the code step instead of signing it in', async () => {
    const { browser, link } = await browserWithConfirmationLink()
    const answer = await browser.open(`${link}&callbackURL=%2Fadmin`)
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('/auth?two-factor')
    expect(hasLiveSession(answer)).toBe(false)
    expect(answer.headers.getSetCookie().some((cookie) => /two_factor=[^;]/.test(cookie))).toBe(true)
    expect(await browser.signedInAs()).toBeNull()
  })

  test('answers a script with the two-factor step, without a session', async () => {
    const { browser, link } = await browserWithConfirmationLink()
    const answer = await browser.open(link)
    expect(await answer.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
    expect(hasLiveSession(answer)).toBe(false)
  })
})
