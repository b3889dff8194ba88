import { describe, expect, test } from 'vitest'
import { removeExpiredUnconfirmedAccounts } from '#app/domain/user/unconfirmed-accounts.server.ts'
import { db } from '#app/lib/db.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { AuthBrowser } from '#tests/setup/browser-cookies.ts'
import { confirmationLinksTo } from '#tests/setup/outbox.ts'
import { createSignedInUser, TEST_PASSWORD } from '#tests/setup/users.ts'

prepareTestDatabase()

const HOUR = 60 * 60 * 1000
const ELSEWHERE = '/auth?error=CONFIRM_IN_SIGN_UP_BROWSER'

function newAddress(label: string) {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.org`
}

function accountOf(email: string) {
  return db.selectFrom('user').select(['id', 'emailVerified']).where('email', '=', email).executeTakeFirst()
}

async function signUp(browser: AuthBrowser, email: string, password: string) {
  const response = await browser.post('/sign-up/email', { email, password, name: '' })
  expect(response.status).toBe(200)
}

async function signInStatus(email: string, password: string) {
  return (await new AuthBrowser().post('/sign-in/email', { email, password })).status
}

describe('sign-up of an address that is not confirmed yet', () => {
  test("the reported hijack: the owner's later sign-up replaces the first password, mails the owner, and the first link is dead", async () => {
    const email = newAddress('teacher')
    const attacker = new AuthBrowser()
    const teacher = new AuthBrowser()
    await signUp(attacker, email, 'attacker-password')
    const first = await accountOf(email)
    await signUp(teacher, email, 'teacher-password')
    const second = await accountOf(email)
    expect(second?.id).not.toBe(first?.id)
    expect(await db.selectFrom('profiles').select('id').where('email', '=', email).execute()).toEqual([{ id: second?.id }])

    const links = confirmationLinksTo(email)
    expect(links).toHaveLength(2)
    // The first link (the attacker's sign-up) is spent with its account.
    const stale = await teacher.open(links[0]!)
    expect(stale.headers.get('location')).toBe('/auth?error=INVALID_TOKEN')
    expect(await teacher.signedInAs()).toBeNull()

    const confirmed = await teacher.open(links[1]!)
    expect(confirmed.status).toBe(302)
    expect(confirmed.headers.get('location')).toBe('/auth')
    expect(await teacher.signedInAs()).toBe(email)
    expect(await signInStatus(email, 'attacker-password')).toBe(401)
    expect(await signInStatus(email, 'teacher-password')).toBe(200)
  })

  test('in the browser that signed up, the link confirms the address and signs the person in (once)', async () => {
    const email = newAddress('parent')
    const browser = new AuthBrowser()
    await signUp(browser, email, 'parent-password')
    const [link] = confirmationLinksTo(email)
    const response = await browser.open(link!)
    expect(response.headers.get('location')).toBe('/auth')
    expect(await browser.signedInAs()).toBe(email)
    expect((await accountOf(email))?.emailVerified).toBeTruthy()
    expect(browser.hasCookie('sign_up_browser')).toBe(false)
  })

  test('a rejected account is confirmed but not signed in, and /auth says why', async () => {
    const email = newAddress('rejected')
    const browser = new AuthBrowser()
    await signUp(browser, email, 'rejected-password')
    await db.updateTable('profiles').set({ status: 'rejected' }).where('email', '=', email).execute()
    const [link] = confirmationLinksTo(email)
    expect((await browser.open(link!)).headers.get('location')).toBe('/auth?error=ACCOUNT_REJECTED')
    expect(await browser.signedInAs()).toBeNull()
  })
})

describe('a confirmation link opened elsewhere', () => {
  test('in another browser it confirms nothing and signs nobody in; signing in there with the password sends a link that works there', async () => {
    const email = newAddress('owner')
    await signUp(new AuthBrowser(), email, 'owner-password')
    const elsewhere = new AuthBrowser()
    const [link] = confirmationLinksTo(email)
    const refused = await elsewhere.open(link!)
    expect(refused.status).toBe(302)
    expect(refused.headers.get('location')).toBe(ELSEWHERE)
    expect(await elsewhere.signedInAs()).toBeNull()
    expect((await accountOf(email))?.emailVerified).toBeFalsy()

    // A wrong password proves nothing: no new link.
    expect((await elsewhere.post('/sign-in/email', { email, password: 'not-the-password' })).status).toBe(401)
    expect(confirmationLinksTo(email)).toHaveLength(1)
    expect((await elsewhere.post('/sign-in/email', { email, password: 'owner-password' })).status).toBe(403)
    const links = confirmationLinksTo(email)
    expect(links).toHaveLength(2)
    expect((await elsewhere.open(links[1]!)).headers.get('location')).toBe('/auth')
    expect(await elsewhere.signedInAs()).toBe(email)
  })

  test("in a browser signed in to another account it never replaces that session (login CSRF)", async () => {
    const admin = await createSignedInUser('admin')
    const email = newAddress('second')
    // The admin's browser, signed in, makes a sign-up: the link confirms it but keeps the admin signed in.
    const adminBrowser = new AuthBrowser()
    expect((await adminBrowser.post('/sign-in/email', { email: admin.email, password: TEST_PASSWORD })).status).toBe(200)
    await signUp(adminBrowser, email, 'second-password')
    const [link] = confirmationLinksTo(email)
    const response = await adminBrowser.open(link!)
    expect(response.status).toBe(302)
    expect((await accountOf(email))?.emailVerified).toBeTruthy()
    expect(await adminBrowser.signedInAs()).toBe(admin.email)
  })
})

describe('unconfirmed accounts expire after 24 hours', () => {
  test('an unconfirmed account older than 24 hours is removed; younger ones, confirmed ones and provider accounts stay', async () => {
    const expired = newAddress('expired')
    const young = newAddress('young')
    await signUp(new AuthBrowser(), expired, 'expired-password')
    await signUp(new AuthBrowser(), young, 'young-password')
    const confirmed = await createSignedInUser('user')
    const dayAndHourAgo = new Date(Date.now() - 25 * HOUR).toISOString()
    await db.updateTable('user').set({ createdAt: dayAndHourAgo }).where('email', 'in', [expired, confirmed.email]).execute()

    const provider = newAddress('provider')
    await signUp(new AuthBrowser(), provider, 'provider-password')
    const providerUser = await accountOf(provider)
    await db.updateTable('user').set({ createdAt: dayAndHourAgo }).where('email', '=', provider).execute()
    await db
      .insertInto('account')
      .values({ id: crypto.randomUUID(), userId: providerUser!.id, providerId: 'google', accountId: 'g-1', createdAt: dayAndHourAgo, updatedAt: dayAndHourAgo })
      .execute()

    // Signing in to it is refused like an unknown address, and mails no link.
    expect(await signInStatus(expired, 'expired-password')).toBe(401)
    expect(confirmationLinksTo(expired)).toHaveLength(1)
    expect(await accountOf(expired)).toBeUndefined()
    expect(await db.selectFrom('profiles').select('id').where('email', '=', expired).executeTakeFirst()).toBeUndefined()

    await removeExpiredUnconfirmedAccounts()
    expect(await accountOf(young)).toBeDefined()
    expect(await accountOf(confirmed.email)).toBeDefined()
    expect(await accountOf(provider)).toBeDefined()
  })
})
