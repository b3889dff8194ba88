import type { Browser, Page } from '@playwright/test'
import { totpCode } from '#tests/setup/totp.ts'
import { demoRows, onDemoDatabase, onSiteDatabase } from './site-database.ts'
import { expect, test, toast, waitForHydration } from './fixtures.ts'
import { ACCOUNTS_DATABASE_PATH, ACCOUNTS_SITE_URL, DEMO_SITE_URL, E2E_ADMIN } from './sites.ts'
import { createStaffAccount, logout, openAccount, signIn, turnOnTwoFactor } from './staff.ts'

/*
 * A slow phone or a password manager fills the server-rendered form before
 * the page's scripts have run. Whatever was typed then must still be there
 * once React has hydrated the form, and must be what is sent.
 */

/** Holds back every script of the page until `release` is called, as a slow connection would. */
async function holdScripts(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    async (route) => {
      await released
      await route.continue()
    },
  )
  return release
}

/** Past the 3 s minimum fill time, counted by the server from when it served the form. */
const FILL_TIME_MS = 3_300

test('the contact form keeps what was typed before the page became interactive, and sends it', async ({ page }) => {
  // The server allows one message per visitor every 30 s: this test's message must not meet another test's.
  onDemoDatabase((database) => database.prepare('delete from contact_throttle').run())
  const release = await holdScripts(page)
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  const form = page.getByRole('region', { name: 'Get in Touch' })
  const email = `early-${Date.now()}@example.org`
  const typed = { Name: 'Early Bird', Email: email, Message: 'Typed before the scripts arrived' }
  for (const [label, value] of Object.entries(typed)) await form.getByLabel(label).fill(value)
  // Nothing is interactive yet.
  expect(await form.locator('form').evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react')))).toBe(false)

  release()
  await waitForHydration(page, '#contact form')
  for (const [label, value] of Object.entries(typed)) await expect(form.getByLabel(label)).toHaveValue(value)
  await expect(form.getByText(`${typed.Message.length}/1000`)).toBeVisible()

  await page.waitForTimeout(FILL_TIME_MS)
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(toast(page, "Thank you! We'll get back to you soon.")).toBeVisible()
  await expect(form.getByText('Name is required')).toHaveCount(0)
  expect(demoRows('select name, email, message from contact_messages where email = ?', email)).toEqual([{ name: 'Early Bird', email, message: typed.Message }])
  await expect(form.getByLabel('Name')).toHaveValue('')
  await expect(form.getByText('0/1000')).toBeVisible()
})

test('the contact form checks what was typed before hydration as it checks what is typed after', async ({ page }) => {
  const release = await holdScripts(page)
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  const form = page.getByRole('region', { name: 'Get in Touch' })
  await form.getByLabel('Name').fill('Early Bird')
  await form.getByLabel('Email').fill('not-an-email')
  release()
  await waitForHydration(page, '#contact form')
  // From the keyboard: leaving the e-mail field shows its message, which moves the button under a pointer.
  await form.getByRole('button', { name: 'Send Message' }).focus()
  await page.keyboard.press('Enter')
  await expect(form.getByText('Invalid email address')).toBeVisible()
  await expect(form.getByText('Message is required')).toBeVisible()
  await expect(form.getByText('Name is required')).toHaveCount(0)
  await expect(form.getByLabel('Name')).toHaveValue('Early Bird')
  await expect(form.getByLabel('Email')).toBeFocused()
})

test('the sign-in form keeps what was typed before the page became interactive, and signs in with it', async ({ page }) => {
  const release = await holdScripts(page)
  await page.goto('/auth', { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Email').fill(E2E_ADMIN.email)
  await page.getByLabel('Password').fill(E2E_ADMIN.password)
  release()
  await waitForHydration(page, 'main form')
  await expect(page.getByLabel('Email')).toHaveValue(E2E_ADMIN.email)
  await expect(page.getByLabel('Password')).toHaveValue(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin$/)
})

test('the admin forms, which need the page\'s scripts, take no input until they have them', async ({ page, request }) => {
  await signIn(page, await createStaffAccount(request, 'editor'))
  const release = await holdScripts(page)
  await page.goto('/admin/sections', { waitUntil: 'domcontentloaded' })
  const main = page.getByRole('main')
  await expect(main).toHaveAttribute('inert', '')
  const phone = main.getByLabel('Phone')
  const takesFocus = () => phone.evaluate((element: HTMLElement) => (element.focus(), document.activeElement === element))
  expect(await takesFocus()).toBe(false)
  release()
  await waitForHydration(page, 'main form')
  await expect(main).not.toHaveAttribute('inert')
  expect(await takesFocus()).toBe(true)
  await phone.fill('+1 (555) 010-0001')
  await expect(phone).toHaveValue('+1 (555) 010-0001')
})

test('the contact form counts its 3 s from when the page was served, not from when its scripts arrived', async ({ page }) => {
  onDemoDatabase((database) => database.prepare('delete from contact_throttle').run())
  const release = await holdScripts(page)
  const servedAt = Date.now()
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  setTimeout(release, 2_000)
  const form = page.getByRole('region', { name: 'Get in Touch' })
  const email = `patient-${Date.now()}@example.org`
  await form.getByLabel('Name').fill('Patient Parent')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Message').fill('Typed while the scripts were on their way')
  await waitForHydration(page, '#contact form')
  // About 4 s after the page arrived, but under 3 s after the scripts did: the server's rule accepts it.
  await page.waitForTimeout(Math.max(0, servedAt + 4_000 - Date.now()))
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(toast(page, "Thank you! We'll get back to you soon.")).toBeVisible()
  await expect(toast(page, 'Please take your time filling out the form.')).toHaveCount(0)
  expect(demoRows('select name from contact_messages where email = ?', email)).toEqual([{ name: 'Patient Parent' }])
})

/*
 * Every form a visitor or staff member reaches on the way in is a plain HTML
 * form first: posted before the scripts run (or with JavaScript off) it gets
 * the server's answer as a page, with the same words the hydrated form shows.
 */

/** A page of a browser that runs no scripts, as with JavaScript turned off. */
async function pageWithoutScripts(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: DEMO_SITE_URL })
  return context.newPage()
}

const WAYS = ['without scripts', 'hydrated'] as const
type Way = (typeof WAYS)[number]

/** The page at `path`, in a browser without scripts or hydrated. */
async function openForms(way: Way, page: Page, browser: Browser, path: string) {
  const target = way === 'hydrated' ? page : await pageWithoutScripts(browser)
  await target.goto(path)
  if (way === 'hydrated') await waitForHydration(target, 'main form')
  return target
}

/** The answer in words, whether the page shows it (without scripts) or a toast does. */
const answer = (page: Page, text: string) => page.getByText(text, { exact: true }).first()

const SIGNED_UP = 'Account created successfully. Please check your email.'
const RESET_REQUESTED = 'If an account exists for that email, we have sent a link to reset the password. Please check your email.'
const INVALID_LINK = 'This password reset link is invalid or has expired. Please ask for a new one.'

for (const way of WAYS) {
  test.describe(`the sign-in page's forms, ${way}`, () => {
    // A refusal is an answer with its status, which the browser reports as a failed load.
    test.use({ expectedFailedUrls: ['/auth.data', '/auth/reset-password.data?token=forged-token'] })

    test('sign in: a wrong password gets the server\'s message, the right one lands on /admin', async ({ page, browser, request }) => {
      const account = await createStaffAccount(request, 'editor')
      const signInPage = await openForms(way, page, browser, '/auth')
      await signInPage.getByRole('button', { name: 'Sign In' }).click()
      await expect(signInPage.getByText('Email is required')).toBeVisible()
      await signInPage.getByLabel('Email').fill(account.email)
      await signInPage.getByLabel('Password').fill('wrong-password')
      await signInPage.getByRole('button', { name: 'Sign In' }).click()
      await expect(answer(signInPage, 'Invalid email or password')).toBeVisible()
      await signInPage.getByLabel('Email').fill(account.email)
      await signInPage.getByLabel('Password').fill(account.password)
      await signInPage.getByRole('button', { name: 'Sign In' }).click()
      await expect(signInPage).toHaveURL(/\/admin$/)
      await expect(signInPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
    })

    test('sign up: the new account is told to check its mail, and the page is back at Admin Login', async ({ page, browser }) => {
      const signInPage = await openForms(way, page, browser, '/auth')
      await signInPage.getByRole('button', { name: 'Sign up' }).click()
      await expect(signInPage.getByRole('heading', { name: 'Create Admin Account' })).toBeVisible()
      await signInPage.getByLabel('Email').fill(`parent-${crypto.randomUUID().slice(0, 8)}@example.org`)
      await signInPage.getByLabel('Password').fill('123')
      await signInPage.getByRole('button', { name: 'Sign Up' }).click()
      await expect(signInPage.getByText('Password must be at least 6 characters')).toBeVisible()
      // The address stays as typed; a password is never sent back.
      await expect(signInPage.getByLabel('Email')).toHaveValue(/^parent-/)
      await signInPage.getByLabel('Password').fill('parent-password')
      await signInPage.getByRole('button', { name: 'Sign Up' }).click()
      await expect(answer(signInPage, SIGNED_UP)).toBeVisible()
      await expect(signInPage.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
    })

    test('forgot password: the same neutral answer', async ({ page, browser }) => {
      const signInPage = await openForms(way, page, browser, '/auth')
      await signInPage.getByRole('button', { name: 'Forgot password?' }).click()
      await expect(signInPage.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
      await signInPage.getByLabel('Email').fill(`nobody-${crypto.randomUUID().slice(0, 8)}@example.org`)
      await signInPage.getByRole('button', { name: 'Send reset link' }).click()
      await expect(signInPage.getByRole('status')).toHaveText(RESET_REQUESTED)
      await signInPage.getByRole('button', { name: 'Back to sign in' }).click()
      await expect(signInPage.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
    })

    test('choosing a new password: mismatched passwords, then a dead link, each with its message', async ({ page, browser }) => {
      const resetPage = await openForms(way, page, browser, '/auth/reset-password?token=forged-token')
      await resetPage.getByLabel('New password', { exact: true }).fill('new-password')
      await resetPage.getByLabel('Confirm new password').fill('other-password')
      await resetPage.getByRole('button', { name: 'Save new password' }).click()
      await expect(resetPage.getByText('Passwords do not match')).toBeVisible()
      await resetPage.getByLabel('New password', { exact: true }).fill('new-password')
      await resetPage.getByLabel('Confirm new password').fill('new-password')
      await resetPage.getByRole('button', { name: 'Save new password' }).click()
      await expect(resetPage.getByRole('alert')).toHaveText(INVALID_LINK)
    })
  })
}

test.describe('two-factor sign-in without scripts', () => {
  test.use({ expectedFailedUrls: ['/auth.data'] })

  test('the code (or a backup code) is asked for and checked as a plain form', async ({ page, browser, request }) => {
    const editor = await createStaffAccount(request, 'editor')
    await signIn(page, editor)
    await openAccount(page)
    const secret = await turnOnTwoFactor(page)
    const backupCode = (await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').first().textContent())!.trim()
    await page.getByRole('button', { name: 'I have saved them' }).click()
    await logout(page)

    const signInPage = await openForms('without scripts', page, browser, '/auth')
    await signInPage.getByLabel('Email').fill(editor.email)
    await signInPage.getByLabel('Password').fill(editor.password)
    await signInPage.getByRole('button', { name: 'Sign In' }).click()
    await expect(signInPage.getByRole('heading', { name: 'Two-Factor Sign-In', level: 1 })).toBeVisible()
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000'
    await signInPage.getByLabel('Authentication code').fill(wrong)
    await signInPage.getByRole('button', { name: 'Verify' }).click()
    await expect(signInPage.getByRole('alert')).toHaveText('Invalid code')
    await signInPage.getByRole('button', { name: 'Use a backup code instead' }).click()
    await signInPage.getByLabel('Backup code').fill(backupCode)
    await signInPage.getByRole('button', { name: 'Verify' }).click()
    await expect(signInPage).toHaveURL(/\/admin$/)
    await signInPage.context().close()
  })
})

test('the subscription forms, on /subscribe and in the footer, subscribe as plain forms without scripts', async ({ browser }) => {
  const checkInbox = 'Check your inbox: we sent a link to confirm.'
  // One address posts both: the 10 s spacing between subscriptions is tested in subscribe.spec.ts.
  const forgetRecentSubscriptions = () => onSiteDatabase(ACCOUNTS_DATABASE_PATH, (database) => database.prepare('delete from contact_throttle').run())
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: ACCOUNTS_SITE_URL })
  const page = await context.newPage()

  forgetRecentSubscriptions()
  await page.goto('/subscribe')
  await page.waitForTimeout(FILL_TIME_MS)
  const form = page.locator('main form')
  await form.getByLabel('E-mail address').fill(`noscript-page-${Date.now()}@example.org`)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByRole('status')).toHaveText(checkInbox)

  forgetRecentSubscriptions()
  await page.goto('/')
  await page.waitForTimeout(FILL_TIME_MS)
  const footer = page.locator('footer')
  await footer.getByLabel('E-mail address').fill(`noscript-footer-${Date.now()}@example.org`)
  await footer.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page).toHaveURL(/\/subscribe$/)
  await expect(form.getByRole('status')).toHaveText(checkInbox)
  await context.close()
})
