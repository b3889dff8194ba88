import type { APIRequestContext, Page } from '@playwright/test'
import { demoRows, onDemoDatabase } from './site-database.ts'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { DEMO_SITE_URL } from './sites.ts'

const MESSAGES = {
  invalid: 'Invalid submission detected.',
  tooSoon: 'Please wait before submitting again.',
  tooFast: 'Please take your time filling out the form.',
  success: "Thank you! We'll get back to you soon.",
}
/** Past the 3 s minimum fill time, counted by the server from when it served the form. */
const FILL_TIME_MS = 3_300
/** Where a fetcher posts the index route's action, as the browser reports failed loads. */
const ACTION_DATA_URL = '/_.data?index'

/** The demo server's database, read directly (read-only) to prove what was stored. */
const storedMessages = () => demoRows<{ name: string; email: string; message: string }>('select name, email, message from contact_messages')

/** Opens the home page and waits until React has hydrated the form, so the browser-side checks are live. */
async function openHydrated(page: Page) {
  await page.goto('/')
  await waitForHydration(page, '#contact form')
}

function uniqueEmail(label: string) {
  return `${label}-${Date.now()}@example.org`
}

async function viewContactScreenshot(page: Page, name: string) {
  await page.getByRole('region', { name: 'Get in Touch' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: `test-results/screenshots/${name}.png` })
}

/** Counts the contact form's POSTs from this page. */
function countPosts(page: Page) {
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })
  return posts
}

async function fillForm(page: Page, values: { name: string; email: string; message: string }) {
  const form = page.getByRole('region', { name: 'Get in Touch' })
  await form.getByLabel('Name').fill(values.name)
  await form.getByLabel('Email').fill(values.email)
  await form.getByLabel('Message').fill(values.message)
}

async function expectErrorToast(page: Page, text: string) {
  await expect(toast(page, text)).toBeVisible()
  await expect(toast(page, text)).toContainText('Error')
}

/** A token as the server renders it into the form. */
async function renderedToken(request: APIRequestContext) {
  const html = await (await request.get('/')).text()
  const token = /name="formToken" value="([^"]+)"/.exec(html)?.[1]
  expect(token).toBeTruthy()
  return token!
}

async function postDirectly(request: APIRequestContext, form: Record<string, string>) {
  const response = await request.post('/?index', { form })
  return { status: response.status(), html: await response.text() }
}

test('empty fields show each field’s message, live, and nothing is sent', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const posts = countPosts(page)
  await openHydrated(page)
  const form = page.getByRole('region', { name: 'Get in Touch' })
  await form.getByRole('button', { name: 'Send Message' }).click()

  await expect(form.getByText('Name is required')).toBeVisible()
  await expect(form.getByText('Email is required')).toBeVisible()
  await expect(form.getByText('Message is required')).toBeVisible()
  await expect(form.getByLabel('Name')).toBeFocused()
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
  await viewContactScreenshot(page, 'contact-validation-1280')

  await form.getByLabel('Email').fill('not-an-email')
  await expect(form.getByText('Invalid email address')).toBeVisible()
  await form.getByLabel('Name').fill('Ada')
  await expect(form.getByText('Name is required')).toHaveCount(0)
  await form.getByLabel('Message').fill('Hello there')
  await expect(form.getByText('11/1000')).toBeVisible()
  await expect(form.getByLabel('Message')).toHaveAttribute('maxlength', '1000')
  await expect(form.getByLabel('Name')).toHaveAttribute('maxlength', '100')
  await expect(form.getByLabel('Email')).toHaveAttribute('maxlength', '255')
  expect(posts).toEqual([])

  await page.setViewportSize({ width: 390, height: 844 })
  await form.getByLabel('Email').fill('')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await viewContactScreenshot(page, 'contact-validation-390')
})

test("sending within 3 s of the form being served shows the server's 'Please take your time filling out the form.' and keeps the values", async ({ page, expectedFailedUrls }) => {
  expectedFailedUrls.push(ACTION_DATA_URL)
  const before = storedMessages().length
  await openHydrated(page)
  await fillForm(page, { name: 'Quick', email: uniqueEmail('quick'), message: 'Too fast' })
  // The rule is the server's, counted from when it served the form: a form served just now, however slow this
  // machine. Through the page's own cookies, so a page from the page cache renews their token cookie too.
  const freshToken = await renderedToken(page.request)
  await page.locator('#contact input[name="formToken"]').evaluate((input: HTMLInputElement, token) => (input.value = token), freshToken)
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Send Message' }).click()])
  expect(response.status()).toBe(400)
  await expectErrorToast(page, MESSAGES.tooFast)
  await expect(page.getByLabel('Name')).toHaveValue('Quick')
  expect(storedMessages()).toHaveLength(before)
})

test("a filled-in spam field is refused in the browser with 'Invalid submission detected.'", async ({ page }) => {
  const posts = countPosts(page)
  await openHydrated(page)
  // The contact form's own spam field: the footer's subscription form has one too.
  const website = page.getByRole('region', { name: 'Get in Touch' }).locator('input[name="website"]')
  await expect(website).toHaveAttribute('tabindex', '-1')
  await expect(website).toHaveAttribute('autocomplete', 'off')
  await website.evaluate((input: HTMLInputElement) => (input.value = 'https://spam.example'))
  await fillForm(page, { name: 'Bot', email: uniqueEmail('bot'), message: 'Buy now' })
  await page.waitForTimeout(FILL_TIME_MS)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expectErrorToast(page, MESSAGES.invalid)
  expect(posts).toEqual([])
})

test('without JavaScript the form posts to the server and the page shows its answer', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: DEMO_SITE_URL })
  const page = await context.newPage()
  const before = storedMessages().length
  await page.goto('/')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Name is required')).toBeVisible()
  await expect(page.getByText('Message is required')).toBeVisible()

  await fillForm(page, { name: 'No Script', email: uniqueEmail('noscript'), message: 'Posted as a plain form' })
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Send Message' }).click()])
  expect(response.status()).toBe(400)
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.tooFast)
  await expect(page.getByLabel('Name')).toHaveValue('No Script')
  expect(storedMessages()).toHaveLength(before)
  await context.close()
})

test('direct POSTs that bypass the browser are refused with a 4xx and the verbatim message; nothing is stored', async ({ request }) => {
  const before = storedMessages().length
  const valid = { name: 'Direct', email: uniqueEmail('direct'), message: 'Posted without the page', website: '' }

  // Straight after rendering: too fast, even with a genuine token.
  const freshToken = await renderedToken(request)
  const fresh = await postDirectly(request, { ...valid, formToken: freshToken })
  expect(fresh.status).toBe(400)
  expect(fresh.html).toContain(MESSAGES.tooFast)

  const noToken = await postDirectly(request, valid)
  expect(noToken.status).toBe(400)
  expect(noToken.html).toContain(MESSAGES.tooFast)

  const forged = await postDirectly(request, { ...valid, formToken: `${Date.now() - 60_000}.forged` })
  expect(forged.status).toBe(400)
  expect(forged.html).toContain(MESSAGES.tooFast)

  // With a token old enough, each other rule alone still refuses.
  const agedToken = await renderedToken(request)
  await new Promise((resolve) => setTimeout(resolve, FILL_TIME_MS))
  const refusals: [Record<string, string>, string][] = [
    [{ website: 'https://spam.example' }, MESSAGES.invalid],
    [{ name: 'n'.repeat(101) }, 'Name must be less than 100 characters'],
    [{ email: `${'e'.repeat(250)}@example.org` }, 'Email must be less than 255 characters'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ message: 'm'.repeat(1001) }, 'Message must be less than 1000 characters'],
    [{ name: '', email: '', message: '' }, 'Name is required'],
  ]
  for (const [overrides, message] of refusals) {
    const answer = await postDirectly(request, { ...valid, formToken: agedToken, ...overrides })
    expect(answer.status, message).toBe(400)
    expect(answer.html, message).toContain(message)
  }
  expect(storedMessages()).toHaveLength(before)
})

/*
 * Every request here comes from one address, so these tests share one visitor
 * and its 30 s spacing. The rule itself (accepted, then 429 within 30 s, on
 * both pages) is proven by tests/integration/contact-page.test.ts; here, what
 * only a browser shows. Each test starts with the server's record of recent
 * senders cleared, as if the spacing had passed.
 */
/** Forgets the demo server's recent senders, as 30 s (and 10 minutes) without a message would. */
const forgetRecentSenders = () => onDemoDatabase((database) => database.prepare('delete from contact_throttle').run())

test.describe.serial('one visitor, 30 s between messages', () => {
  test("sending shows 'Sending...', ignores a second submit, then thanks the visitor and resets; a second message within 30 s is refused", async ({ page, expectedFailedUrls }) => {
    forgetRecentSenders()
    await page.setViewportSize({ width: 1280, height: 800 })
    const before = storedMessages().length
    const posts = countPosts(page)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      (url) => url.pathname.endsWith('.data'),
      async (route) => {
        if (route.request().method() === 'POST') await held
        await route.continue()
      },
    )

    await openHydrated(page)
    const form = page.getByRole('region', { name: 'Get in Touch' })
    const email = uniqueEmail('parent')
    await fillForm(page, { name: 'Grace Parent', email, message: 'May we visit on Friday?' })
    await page.waitForTimeout(FILL_TIME_MS)
    await form.getByRole('button', { name: 'Send Message' }).click()

    const sendingButton = form.getByRole('button', { name: 'Sending...' })
    await expect(sendingButton).toBeDisabled()
    // A second submit while sending (Enter in a field, or a script) is ignored.
    await form.getByLabel('Name').press('Enter')
    await form.locator('form').evaluate((element: HTMLFormElement) => element.requestSubmit())
    release()

    await expect(toast(page, MESSAGES.success)).toBeVisible()
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled()
    await expect(form.getByLabel('Name')).toHaveValue('')
    await expect(form.getByLabel('Email')).toHaveValue('')
    await expect(form.getByLabel('Message')).toHaveValue('')
    await expect(form.getByText('0/1000')).toBeVisible()
    expect(posts).toHaveLength(1)
    expect(storedMessages()).toHaveLength(before + 1)
    expect(storedMessages().filter((row) => row.email === email)).toEqual([{ name: 'Grace Parent', email, message: 'May we visit on Friday?' }])
    await viewContactScreenshot(page, 'contact-success-1280')

    // A second message within 30 s: the server refuses it, and the form keeps what was typed.
    expectedFailedUrls.push(ACTION_DATA_URL)
    await fillForm(page, { name: 'Grace Parent', email, message: 'One more thing' })
    // The form's new token must itself be old enough, so that the spacing is what refuses.
    await page.waitForTimeout(FILL_TIME_MS)
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Send Message' }).click(),
    ])
    expect(response.status()).toBe(429)
    await expectErrorToast(page, MESSAGES.tooSoon)
    await viewContactScreenshot(page, 'contact-too-soon-1280')
    await expect(form.getByLabel('Message')).toHaveValue('One more thing')
    expect(storedMessages()).toHaveLength(before + 1)
  })

  test('a visitor sends a message from /contact and sees the same thanks as on the home page', async ({ page }) => {
    forgetRecentSenders()
    await page.setViewportSize({ width: 1280, height: 800 })
    const before = storedMessages().length
    await page.goto('/contact')
    await expect(page).toHaveTitle(/^Contact Us \| /)
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
    await waitForHydration(page, '#contact form')
    const form = page.getByRole('region', { name: 'Get in Touch' })
    await expect(form.getByRole('link', { name: '+1 (555) 010-0000' })).toHaveAttribute('href', 'tel:+15550100000')
    await expect(form.getByRole('link', { name: 'office@example.org' })).toHaveAttribute('href', 'mailto:office@example.org')
    const email = uniqueEmail('contact-page')
    await fillForm(page, { name: 'Omar Parent', email, message: 'Is there a breakfast club?' })
    await page.waitForTimeout(FILL_TIME_MS)
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(toast(page, MESSAGES.success)).toBeVisible()
    await expect(form.getByLabel('Message')).toHaveValue('')
    expect(storedMessages()).toHaveLength(before + 1)
    expect(storedMessages().filter((row) => row.email === email)).toEqual([{ name: 'Omar Parent', email, message: 'Is there a breakfast club?' }])
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshot(page, 'contact-page-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'contact-page-390')
  })
})
