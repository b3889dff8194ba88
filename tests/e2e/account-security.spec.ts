import type { Page } from '@playwright/test'
import { totpCode } from '#tests/setup/totp.ts'
import { onDemoDatabase } from './site-database.ts'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { createStaffAccount, logout, openAccount, signIn, staffSession, turnOnTwoFactor } from './staff.ts'

test.describe('two-factor sign-in', () => {
  test.use({ expectedFailedUrls: ['/auth.data'] })

  test('a person turns on TOTP on the account page, and then signs in with password and code', async ({ page, request }) => {
    const editor = await createStaffAccount(request, 'editor')
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIn(page, editor)
    await openAccount(page)
    await expect(page.getByRole('heading', { name: /Two-factor sign-in/ })).toContainText('Off')
    const secret = await turnOnTwoFactor(page)
    await screenshot(page, 'account-backup-codes-1280')
    await page.getByRole('button', { name: 'I have saved them' }).click()
    await expect(page.getByRole('heading', { name: /Two-factor sign-in/ })).toContainText('On')
    expect(onDemoDatabase((database) => database.prepare('select twoFactorEnabled from user where email = ?').get(editor.email))).toEqual({ twoFactorEnabled: 1 })

    await logout(page)
    await page.goto('/auth')
    await waitForHydration(page, 'main form')
    await page.getByLabel('Email').fill(editor.email)
    await page.getByLabel('Password').fill(editor.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In', level: 1 })).toBeVisible()
    await page.getByLabel('Authentication code').fill('12')
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible()
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000'
    await page.getByLabel('Authentication code').fill(wrong)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(toast(page, 'Invalid code')).toContainText('Error')
    await screenshot(page, 'auth-two-factor-1280')
    await page.getByLabel('Authentication code').fill(totpCode(secret))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await expect(toast(page, 'Logged in successfully')).toBeVisible()
  })
})

/** A built-in authenticator (like a laptop's fingerprint reader) that checks its user, through Chromium's WebAuthn emulation. */
async function addPlatformAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  })
}

/** Signs in from /auth with the page's passkey alone, and lands in the admin area as `fullName`. */
async function signInWithPasskey(page: Page, fullName: string) {
  await page.goto('/auth')
  await waitForHydration(page, 'main form')
  await page.getByRole('button', { name: 'Use a passkey' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.locator('aside').getByText(fullName)).toBeVisible()
}

test('a passkey is registered on the account page and then signs in without a password', async ({ page, request }) => {
  await addPlatformAuthenticator(page)
  const editor = await createStaffAccount(request, 'editor')
  await signIn(page, editor)
  await openAccount(page)
  await expect(page.getByText('No passkeys yet.')).toBeVisible()
  await page.getByLabel('Name (optional)').fill('Test laptop')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(toast(page, 'Passkey added')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop')
  await screenshot(page, 'account-passkeys-1280')
  const stored = onDemoDatabase((database) =>
    database.prepare('select p.name from passkey p join user u on u.id = p.userId where u.email = ?').all(editor.email),
  )
  expect(stored).toEqual([{ name: 'Test laptop' }])

  await logout(page)
  await signInWithPasskey(page, editor.fullName)
})

test('a passkey that checks its user (PIN or biometric) signs in an account with two-factor sign-in without the code', async ({ page, request }) => {
  test.slow()
  await addPlatformAuthenticator(page)
  const editor = await createStaffAccount(request, 'editor')
  await signIn(page, editor)
  await openAccount(page)
  await turnOnTwoFactor(page)
  await page.getByRole('button', { name: 'I have saved them' }).click()
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(toast(page, 'Passkey added')).toBeVisible()

  await logout(page)
  await signInWithPasskey(page, editor.fullName)
})

test('when an admin requires two-factor sign-in, an editor without it can only open the account page', async ({ page, browser, request, expectedFailedUrls }) => {
  // The admin's first try is refused with 409, as the test asks.
  expectedFailedUrls.push('/admin/account.data')
  const admin = await createStaffAccount(request, 'admin')
  try {
    await signIn(page, admin)
    await openAccount(page)
    const setting = page.getByRole('switch', { name: 'Require two-factor sign-in for editors and admins' })
    // An admin without a second step cannot lock everyone, themselves included, out.
    await setting.click()
    await expect(toast(page, 'Turn on two-factor sign-in for your own account first.')).toContainText('Error')
    await expect(setting).not.toBeChecked()
    await turnOnTwoFactor(page)
    await page.getByRole('button', { name: 'I have saved them' }).click()
    await setting.click()
    await expect(toast(page, 'Editors and admins now need two-factor sign-in')).toBeVisible()
    await expect(setting).toBeChecked()
    await screenshot(page, 'account-admin-1280')

    const editor = await createStaffAccount(request, 'editor')
    const other = await (await browser.newContext()).newPage()
    await other.goto('/auth')
    await waitForHydration(other, 'main form')
    await other.getByLabel('Email').fill(editor.email)
    await other.getByLabel('Password').fill(editor.password)
    await other.getByRole('button', { name: 'Sign In' }).click()
    await expect(other).toHaveURL(/\/admin\/account$/)
    await expect(other.getByRole('alert')).toHaveText('This site requires two-factor sign-in for editors and admins: turn it on in your account first.')
    await other.goto('/admin/blogs')
    await expect(other).toHaveURL(/\/admin\/account$/)
    const forged = await other.request.post('/admin/blogs', { form: { intent: 'delete', id: 'x' }, maxRedirects: 0 })
    expect(forged.status()).toBe(302)
    expect(forged.headers().location).toBe('/admin/account')
    await other.context().close()
  } finally {
    onDemoDatabase((database) => database.prepare("delete from site_settings where key = 'require_staff_two_factor'").run())
  }
})

test('only an admin may change the two-factor rule', async ({ playwright, request }) => {
  const editor = await staffSession(playwright, request, 'editor')
  const answer = await editor.post('/admin/account', { form: { intent: 'require-two-factor', required: 'true' }, maxRedirects: 0 })
  expect(answer.status()).toBe(403)
  await editor.dispose()
  expect(onDemoDatabase((database) => database.prepare("select value from site_settings where key = 'require_staff_two_factor'").get())).toBeUndefined()
})
