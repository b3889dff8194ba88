import type { DatabaseSync } from 'node:sqlite'
import type { APIRequestContext, Page } from '@playwright/test'
import { totpCode } from '#tests/setup/totp.ts'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { linkIn, mailsTo, waitForMail } from './mail.ts'
import { onSiteDatabase } from './site-database.ts'
import { ACCOUNTS_DATABASE_PATH, ACCOUNTS_SITE_URL, DEMO_SITE_URL, OIDC_CLIENT, OIDC_PEER_URL } from './sites.ts'
import { logout, openAccount, STAFF_PASSWORD, turnOnTwoFactor } from './staff.ts'

const SIGNED_UP = 'Account created successfully. Please check your email.'
const RESET_REQUESTED = 'If an account exists for that email, we have sent a link to reset the password. Please check your email.'
const INVALID_LINK = 'This password reset link is invalid or has expired. Please ask for a new one.'

test.use({ baseURL: ACCOUNTS_SITE_URL })

const accountsDatabase = <T>(use: (database: DatabaseSync) => T) => onSiteDatabase(ACCOUNTS_DATABASE_PATH, use)

function accessOf(email: string) {
  return accountsDatabase((database) =>
    database
      .prepare('select u.emailVerified as verified, r.role, p.status from user u join user_roles r on r.user_id = u.id join profiles p on p.id = u.id where u.email = ?')
      .get(email),
  )
}

function sidebarLinks(page: Page) {
  return page.locator('aside').getByRole('navigation', { name: 'Admin' }).getByRole('link')
}

async function openSignIn(page: Page) {
  await page.goto('/auth')
  await waitForHydration(page, 'main form')
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

test.describe('sign-up with e-mail confirmation', () => {
  test.use({ expectedFailedUrls: ['/auth.data'] })

  test('a sign-up stays on /auth until the mailed link, received over SMTP, signs the person in on /admin', async ({ page }) => {
    const email = `parent-${crypto.randomUUID().slice(0, 8)}@example.org`
    await openSignIn(page)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('parent-password')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(toast(page, SIGNED_UP)).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
    expect(accessOf(email)).toEqual({ verified: 0, role: 'user', status: 'pending' })

    const mail = await waitForMail(email, /^Confirm your e-mail address/)
    // Not confirmed yet: the server refuses with its message as the Error toast, and mails a fresh link.
    await signInThroughForm(page, email, 'parent-password')
    await expect(toast(page, 'Email not verified')).toContainText('Error')
    await expect.poll(() => mailsTo(email).length).toBe(2)
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/auth\?error=access_denied$/)

    await page.goto('/api/auth/verify-email?token=forged&callbackURL=%2Fauth')
    await expect(page.getByRole('alert')).toHaveText('This confirmation link is invalid or has expired. Sign in to receive a new one.')

    expect(mail.from).toBe('no-reply@school.test')
    expect(mail.raw).toMatch(/Content-Type: text\/plain/)
    expect(mail.raw).toMatch(/Content-Type: text\/html/)
    await page.goto(linkIn(mail, ACCOUNTS_SITE_URL))
    await expect(page).toHaveURL(`${ACCOUNTS_SITE_URL}/admin`)
    await expect(page.locator('aside').getByText('user', { exact: true })).toBeVisible()
    await expect(sidebarLinks(page)).toHaveText(['Dashboard', 'Account'])
    expect(accessOf(email)).toEqual({ verified: 1, role: 'user', status: 'pending' })
  })
})

test.describe('a confirmation link opened in another browser', () => {
  test.use({ expectedFailedUrls: ['/auth.data'] })

  test('confirms nothing there; signing in there with the password mails a link that signs in there', async ({ page, request }) => {
    const email = `phone-${crypto.randomUUID().slice(0, 8)}@example.org`
    // The sign-up happens on another device: the request fixture keeps cookies of its own.
    const signUp = await request.post('/api/auth/sign-up/email', { data: { email, password: 'laptop-password', name: '' }, headers: { origin: ACCOUNTS_SITE_URL } })
    expect(signUp.status()).toBe(200)
    const mail = await waitForMail(email, /^Confirm your e-mail address/)
    await page.goto(linkIn(mail, ACCOUNTS_SITE_URL))
    await expect(page).toHaveURL(/\/auth\?error=CONFIRM_IN_SIGN_UP_BROWSER$/)
    await expect(page.getByRole('alert')).toHaveText(
      'Open the confirmation link in the browser where you signed up, or sign in here with your email and password to receive a link for this browser.',
    )
    expect(accessOf(email)).toEqual({ verified: 0, role: 'user', status: 'pending' })

    await waitForHydration(page, 'main form')
    await signInThroughForm(page, email, 'laptop-password')
    await expect(toast(page, 'Email not verified')).toContainText('Error')
    await expect.poll(() => mailsTo(email).length).toBe(2)
    await page.goto(linkIn(mailsTo(email)[1]!, ACCOUNTS_SITE_URL))
    await expect(page).toHaveURL(`${ACCOUNTS_SITE_URL}/admin`)
    expect(accessOf(email)).toEqual({ verified: 1, role: 'user', status: 'pending' })
  })
})

test.describe('password reset', () => {
  test.use({ expectedFailedUrls: ['/auth.data', '/auth/reset-password.data?token=forged-token'] })

  test('Forgot password? mails a link; the new password works, the old one and the used link no longer do', async ({ page, request }) => {
    const email = `teacher-${crypto.randomUUID().slice(0, 8)}@example.org`
    const signUp = await request.post('/api/auth/sign-up/email', {
      data: { email, password: 'old-password', name: 'Teacher' },
      headers: { origin: ACCOUNTS_SITE_URL },
    })
    expect(signUp.status()).toBe(200)
    accountsDatabase((database) => database.prepare('update user set emailVerified = 1 where email = ?').run(email))
    // A session on another device, which the reset must end.
    const otherDevice = await request.post('/api/auth/sign-in/email', { data: { email, password: 'old-password' }, headers: { origin: ACCOUNTS_SITE_URL } })
    expect(otherDevice.status()).toBe(200)
    expect(await (await request.get('/api/auth/get-session')).json()).toMatchObject({ user: { email } })

    // The same neutral answer for an address without an account, and no mail for it.
    const stranger = `nobody-${crypto.randomUUID().slice(0, 8)}@example.org`
    for (const address of [stranger, email]) {
      await openSignIn(page)
      await page.getByRole('button', { name: 'Forgot password?' }).click()
      await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
      await page.getByRole('button', { name: 'Send reset link' }).click()
      await expect(page.getByText('Email is required')).toBeVisible()
      await page.getByLabel('Email').fill(address)
      await page.getByRole('button', { name: 'Send reset link' }).click()
      await expect(page.getByRole('status')).toHaveText(RESET_REQUESTED)
    }
    await screenshot(page, 'auth-forgot-password-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'auth-forgot-password-390')
    await page.setViewportSize({ width: 1280, height: 720 })

    const mail = await waitForMail(email, /^Reset your password/)
    const link = linkIn(mail, ACCOUNTS_SITE_URL)
    await page.goto(link)
    await expect(page).toHaveURL(/\/auth\/reset-password\?token=/)
    await waitForHydration(page, 'main form')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a New Password')
    await page.getByLabel('New password', { exact: true }).fill('12345')
    await page.getByLabel('Confirm new password').fill('123456')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible()
    await expect(page.getByText('Passwords do not match')).toBeVisible()
    await screenshot(page, 'auth-reset-password-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'auth-reset-password-390')
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.getByLabel('New password', { exact: true }).fill('new-password')
    await page.getByLabel('Confirm new password').fill('new-password')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(toast(page, 'Password updated successfully. Please sign in with your new password.')).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
    expect(mailsTo(stranger)).toEqual([])
    expect(await (await request.get('/api/auth/get-session')).json()).toBeNull()

    await waitForHydration(page, 'main form')
    await signInThroughForm(page, email, 'old-password')
    await expect(toast(page, 'Invalid email or password')).toContainText('Error')
    await signInThroughForm(page, email, 'new-password')
    await expect(page).toHaveURL(/\/admin$/)

    // A used link is spent: Better Auth sends it back with ?error=INVALID_TOKEN.
    await page.goto(link)
    await expect(page.getByRole('alert')).toHaveText(INVALID_LINK)
    await expect(page.getByRole('button', { name: 'Save new password' })).toHaveCount(0)
  })

  test('a forged token is refused with the same clear message', async ({ page }) => {
    await page.goto('/auth/reset-password?token=forged-token')
    await waitForHydration(page, 'main form')
    await page.getByLabel('New password', { exact: true }).fill('new-password')
    await page.getByLabel('Confirm new password').fill('new-password')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(page.getByRole('alert')).toHaveText(INVALID_LINK)
  })
})

test.describe('provider sign-in', () => {
  // oidc-provider's development login page asks for a web font and a favicon it does not serve.
  test.use({ expectedFailedUrls: ['https://fonts.googleapis.com/css?family=Roboto:400,100', `${OIDC_PEER_URL}/favicon.ico`] })

  test('sign-in through an OpenID Connect provider uses PKCE and lands on /admin as a pending user', async ({ page }) => {
    const email = `oidc-${crypto.randomUUID().slice(0, 8)}@school.test`
    await openSignIn(page)
    await screenshot(page, 'auth-providers-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'auth-providers-390')
    await page.setViewportSize({ width: 1280, height: 720 })

    const authorize = page.waitForRequest((request) => request.url().startsWith(`${OIDC_PEER_URL}/auth?`))
    await page.getByRole('button', { name: `Continue with ${OIDC_CLIENT.name}` }).click()
    const params = new URL((await authorize).url()).searchParams
    expect(params.get('client_id')).toBe(OIDC_CLIENT.id)
    expect(params.get('redirect_uri')).toBe(`${ACCOUNTS_SITE_URL}/api/auth/callback/oidc`)
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('state')).toBeTruthy()

    // oidc-provider's development login and consent pages.
    await page.locator('input[name="login"]').fill(email)
    await page.locator('input[name="password"]').fill('any-password')
    await page.getByRole('button', { name: 'Sign-in' }).click()
    await page.getByRole('button', { name: 'Continue' }).click()

    await expect(page).toHaveURL(`${ACCOUNTS_SITE_URL}/admin`)
    await expect(page.locator('aside').getByText('user', { exact: true })).toBeVisible()
    expect(accessOf(email)).toEqual({ verified: 1, role: 'user', status: 'pending' })
    const account = accountsDatabase((database) =>
      database.prepare('select a.providerId, a.accountId from account a join user u on u.id = a.userId where u.email = ?').all(email),
    )
    expect(account).toEqual([{ providerId: 'oidc', accountId: email }])
  })
})

/** Through the provider's development login and consent pages, as the person with that e-mail. */
async function signInThroughProvider(page: Page, email: string) {
  await page.getByRole('button', { name: `Continue with ${OIDC_CLIENT.name}` }).click()
  await page.locator('input[name="login"]').fill(email)
  await page.locator('input[name="password"]').fill('any-password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
}

/** A confirmed password account on the accounts site with the role (the provider, asserting the same verified e-mail, signs into it). */
async function createConfirmedAccount(request: APIRequestContext, role: 'editor' | 'admin') {
  const email = `${role}-${crypto.randomUUID().slice(0, 8)}@school.test`
  const response = await request.post(`${ACCOUNTS_SITE_URL}/api/auth/sign-up/email`, {
    data: { email, password: STAFF_PASSWORD, name: 'School Teacher' },
    headers: { origin: ACCOUNTS_SITE_URL },
  })
  expect(response.status()).toBe(200)
  accountsDatabase((database) => {
    const { id } = database.prepare('select id from user where email = ?').get(email) as { id: string }
    database.prepare('update user set emailVerified = 1 where id = ?').run(id)
    database.prepare('update user_roles set role = ? where user_id = ?').run(role, id)
    database.prepare("update profiles set status = 'approved' where id = ?").run(id)
  })
  return email
}

test.describe('provider sign-in of staff', () => {
  // Two sign-ins, one through the provider's pages, and the account page's set-up.
  test.slow()
  test.use({
    expectedFailedUrls: ['https://fonts.googleapis.com/css?family=Roboto:400,100', `${OIDC_PEER_URL}/favicon.ico`],
  })

  test('an admin with two-factor sign-in who signs in through the provider must enter the code before /admin', async ({ page, request }) => {
    const email = await createConfirmedAccount(request, 'admin')
    await openSignIn(page)
    await signInThroughForm(page, email, STAFF_PASSWORD)
    await expect(page).toHaveURL(/\/admin$/)
    await openAccount(page)
    const secret = await turnOnTwoFactor(page)
    await page.getByRole('button', { name: 'I have saved them' }).click()
    await logout(page)

    await openSignIn(page)
    await signInThroughProvider(page, email)
    await expect(page).toHaveURL(`${ACCOUNTS_SITE_URL}/auth?two-factor`)
    await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In', level: 1 })).toBeVisible()
    // No session before the code: the admin area turns the visitor away.
    const early = await page.request.get('/admin', { maxRedirects: 0 })
    expect(early.status()).toBe(302)
    expect(early.headers().location).toBe('/auth?error=access_denied')

    await waitForHydration(page, 'main form')
    await page.getByLabel('Authentication code').fill(totpCode(secret))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(`${ACCOUNTS_SITE_URL}/admin`)
    await expect(toast(page, 'Logged in successfully')).toBeVisible()
    await expect(sidebarLinks(page).filter({ hasText: 'Users' })).toBeVisible()
  })

  test('while the site requires two-factor sign-in, an editor without it who signs in through the provider only reaches the account page', async ({ page, request }) => {
    const email = await createConfirmedAccount(request, 'editor')
    accountsDatabase((database) => database.prepare("insert into site_settings (key, value) values ('require_staff_two_factor', 'true')").run())
    try {
      await openSignIn(page)
      await signInThroughProvider(page, email)
      await expect(page).toHaveURL(`${ACCOUNTS_SITE_URL}/admin/account`)
      await expect(page.getByRole('alert')).toHaveText('This site requires two-factor sign-in for editors and admins: turn it on in your account first.')
      await page.goto('/admin/blogs')
      await expect(page).toHaveURL(`${ACCOUNTS_SITE_URL}/admin/account`)
    } finally {
      accountsDatabase((database) => database.prepare("delete from site_settings where key = 'require_staff_two_factor'").run())
    }
  })
})

test('sites without configured providers show no provider buttons', async ({ page }) => {
  await page.goto(`${DEMO_SITE_URL}/auth`)
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Continue with/ })).toHaveCount(0)
})
