import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'
import { waitForMail } from './mail.ts'
import { onSiteDatabase } from './site-database.ts'
import { ACCOUNTS_DATABASE_PATH, ACCOUNTS_SITE_URL, E2E_ADMIN, EMPTY_SITE_URL } from './sites.ts'

const MESSAGES = {
  checkInbox: 'Check your inbox: we sent a link to confirm.',
  invalidEmail: 'Enter a valid e-mail address, like name@example.org.',
  nothingChosen: 'Choose at least one: news, events or alerts.',
  confirmed: 'Your subscription is confirmed.',
  unsubscribed: 'You are unsubscribed: we will send you no more e-mails.',
}
/** Past the 3 s minimum fill time the signed form token sets. */
const FILL_TIME_MS = 3_300
const WIDTHS = [390, 1280] as const

/** The page at both widths, whole, for looking at (.tmp/shots). */
async function shots(page: Page, name: string, locator?: ReturnType<Page['locator']>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    if (locator) await locator.screenshot({ path: `.tmp/shots/${name}-${width}.png` })
    else await page.screenshot({ path: `.tmp/shots/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

// Each test waits out the form's fill time and takes screenshots at two widths on a busy machine.
test.describe.configure({ timeout: 120_000 })

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`

/**
 * The accounts site takes subscriptions from this spec's tests one after
 * another, from one address: its spacing of 10 s between two is the rule
 * under test elsewhere, not here, so each test starts with none counted.
 */
function forgetRecentSubscriptions() {
  onSiteDatabase(ACCOUNTS_DATABASE_PATH, (database) => database.prepare('delete from contact_throttle').run())
}

async function openSubscribe(page: Page, site: string) {
  if (site === ACCOUNTS_SITE_URL) forgetRecentSubscriptions()
  await page.goto(`${site}/subscribe`)
  await waitForHydration(page, 'main form')
  await page.waitForTimeout(FILL_TIME_MS)
}

test('the form says what is wrong: an invalid address, nothing chosen; then that the link is on its way', async ({ page, expectedFailedUrls }) => {
  expectedFailedUrls.push('/subscribe.data')
  await openSubscribe(page, EMPTY_SITE_URL)
  const form = page.locator('main form')
  await shots(page, 'subscribe')

  await form.getByLabel('E-mail address').fill('not-an-address')
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByText(MESSAGES.invalidEmail)).toBeVisible()
  await expect(form.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true')

  await form.getByLabel('E-mail address').fill(uniqueEmail('nothing'))
  await form.getByLabel('No news').check()
  await form.getByLabel('Alerts: closures, late starts, emergencies').uncheck()
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByText(MESSAGES.nothingChosen)).toBeVisible()
  await shots(page, 'subscribe-refused')

  await form.getByLabel('A weekly digest, on Fridays').check()
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByRole('status')).toHaveText(MESSAGES.checkInbox)
  await expect(form.getByLabel('E-mail address')).toHaveValue('')
})

test('the footer form subscribes with the address alone', async ({ page }) => {
  forgetRecentSubscriptions()
  await page.goto(`${ACCOUNTS_SITE_URL}/`)
  const footer = page.locator('footer')
  await waitForHydration(page, 'footer form')
  await page.waitForTimeout(FILL_TIME_MS)
  await footer.scrollIntoViewIfNeeded()
  await shots(page, 'footer', footer)
  const address = uniqueEmail('footer')
  await footer.getByLabel('E-mail address').fill(address)
  await footer.getByLabel('E-mail address').press('Enter')
  await expect(footer.getByRole('status')).toHaveText(MESSAGES.checkInbox)
  await shots(page, 'footer-done', footer)
  await waitForMail(address, /Confirm your subscription/)
})

test('the link in the mail confirms with a button; the unsubscribe link unsubscribes; the admin list shows the subscriber', async ({ page }) => {
  const address = uniqueEmail('confirm')
  await openSubscribe(page, ACCOUNTS_SITE_URL)
  const form = page.locator('main form')
  await form.getByLabel('E-mail address').fill(address)
  await form.getByLabel('Events added to the calendar').check()
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByRole('status')).toHaveText(MESSAGES.checkInbox)

  const mail = await waitForMail(address, /Confirm your subscription/)
  const confirmLink = mail.links.find((link) => link.startsWith(`${ACCOUNTS_SITE_URL}/subscribe/confirm/`))!
  const unsubscribeLink = mail.links.find((link) => link.startsWith(`${ACCOUNTS_SITE_URL}/unsubscribe/`))!
  expect(confirmLink).toBeTruthy()
  await page.goto(confirmLink)
  await expect(page.getByText(address)).toBeVisible()
  await shots(page, 'confirm')
  await page.getByRole('button', { name: 'Confirm my subscription' }).click()
  await expect(page.getByRole('status')).toContainText(MESSAGES.confirmed)
  await shots(page, 'confirmed')

  await page.getByRole('link', { name: 'Change my choices' }).click()
  await expect(page.getByRole('heading', { name: 'Your subscription' })).toBeVisible()
  await expect(page.getByLabel('Events added to the calendar')).toBeChecked()
  await shots(page, 'manage')

  await page.goto(`${ACCOUNTS_SITE_URL}/auth`)
  await waitForHydration(page, 'main form')
  await page.getByLabel('Email').fill(E2E_ADMIN.email)
  await page.getByLabel('Password').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await page.goto(`${ACCOUNTS_SITE_URL}/admin/subscribers`)
  await expect(page.getByRole('cell', { name: address, exact: true })).toBeVisible()
  await shots(page, 'admin-subscribers')

  await page.goto(unsubscribeLink)
  await shots(page, 'unsubscribe')
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('status')).toHaveText(MESSAGES.unsubscribed)
  await shots(page, 'unsubscribed')
})
