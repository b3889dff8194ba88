import type { Page } from '@playwright/test'
import { demoRows, onDemoDatabase } from './site-database.ts'
import { expect, test, toast, waitForHydration } from './fixtures.ts'
import { E2E_ADMIN } from './sites.ts'
import { createStaffAccount, signIn } from './staff.ts'

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
