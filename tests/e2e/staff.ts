import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test'
import type { ProfileStatus, Role } from '#db/tables/people.ts'
import { totpCode } from '#tests/setup/totp.ts'
import { onDemoDatabase } from './site-database.ts'
import { expect, toast, waitForHydration } from './fixtures.ts'
import { DEMO_SITE_URL, E2E_ADMIN } from './sites.ts'

export const STAFF_PASSWORD = 'staff-password-1'

/**
 * A new account on the demo site with the given role and status: signed up
 * through the real endpoint, then promoted directly in the database (user
 * management is a screen of its own, tested separately). The request context
 * is not the page's, so the page stays signed out.
 */
export async function createStaffAccount(request: APIRequestContext, role: Role, status: ProfileStatus = 'approved') {
  const email = `${role}-${status}-${crypto.randomUUID().slice(0, 8)}@example.org`
  const fullName = `Test ${role[0]!.toUpperCase()}${role.slice(1)}`
  const response = await request.post('/api/auth/sign-up/email', {
    data: { email, password: STAFF_PASSWORD, name: fullName },
    headers: { origin: DEMO_SITE_URL },
  })
  expect(response.status()).toBe(200)
  onDemoDatabase((database) => {
    const { id } = database.prepare('select id from user where email = ?').get(email) as { id: string }
    // Sign-up asks for a confirmed address; the confirmation mail is tested in accounts.spec.ts.
    database.prepare('update user set emailVerified = 1 where id = ?').run(id)
    database.prepare('update user_roles set role = ? where user_id = ?').run(role, id)
    database.prepare('update profiles set status = ? where id = ?').run(status, id)
  })
  return { email, password: STAFF_PASSWORD, fullName }
}

/** Signs in through the /auth page, as a person would. */
export async function signIn(page: Page, account: { email: string; password: string } = E2E_ADMIN) {
  await page.goto('/auth')
  await waitForHydration(page, 'main form')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin$/)
}

/** An API client signed in as a new account of the role (for posts that bypass the pages). */
export async function staffSession(playwright: PlaywrightWorkerArgs['playwright'], request: APIRequestContext, role: Role) {
  const account = await createStaffAccount(request, role)
  const session = await playwright.request.newContext({ baseURL: DEMO_SITE_URL })
  const signedIn = await session.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers: { origin: DEMO_SITE_URL } })
  expect(signedIn.status()).toBe(200)
  return session
}

/** The role rules on the server: a post to an admin path without a session goes to /auth?error=access_denied, as role user to /admin. */
export async function expectRefusedWithoutRole(playwright: PlaywrightWorkerArgs['playwright'], request: APIRequestContext, path: string, form: Record<string, string>) {
  const anonymous = await request.post(path, { form, maxRedirects: 0 })
  expect(anonymous.status()).toBe(302)
  expect(anonymous.headers().location).toBe('/auth?error=access_denied')
  const asUser = await staffSession(playwright, request, 'user')
  const answer = await asUser.post(path, { form, maxRedirects: 0 })
  expect(answer.status()).toBe(302)
  expect(answer.headers().location).toBe('/admin')
  await asUser.dispose()
}

/** Opens the account page through the sidebar. */
export async function openAccount(page: Page) {
  await page.locator('aside').getByRole('link', { name: 'Account' }).click()
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible()
  await waitForHydration(page, 'main')
}

/** Turns on TOTP through the account page, as a person with an authenticator app would; returns the secret. */
export async function turnOnTwoFactor(page: Page) {
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await page.getByLabel('Password').fill(STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('img', { name: 'QR code to add this site to your authenticator app' })).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').textContent())!
  await page.getByLabel('Code from the app').fill(totpCode(secret))
  await page.getByRole('button', { name: 'Verify and turn on' }).click()
  await expect(toast(page, 'Two-factor sign-in is on')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10)
  return secret
}

/** Logs out through the sidebar. */
export async function logout(page: Page) {
  await page.locator('aside').getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/auth/)
}
