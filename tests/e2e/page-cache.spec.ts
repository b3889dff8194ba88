import type { Page, Response } from '@playwright/test'
import { expect, test, toast, waitForHydration } from './fixtures.ts'
import { onDemoDatabase } from './site-database.ts'

/*
 * Pages from the page cache carry no nonce: their inline scripts run because
 * the policy lists their hashes. The fixture fails any test with a
 * Content-Security-Policy violation or console error, so a page that
 * hydrates and works here runs under the hashed policy.
 */

/** Opens the page once it is in the cache, and checks it came from there with a hashed policy. */
async function openCached(page: Page, path: string) {
  await page.request.get(path)
  // With worker processes each keeps its own cache, and the browser's connection may reach another worker
  // than the request's: its first visit then fills that worker's cache, and a later one is a hit.
  let response = (await page.goto(path)) as Response
  await expect.poll(async () => {
    if (response.headers()['x-cache'] !== 'hit') response = (await page.goto(path)) as Response
    return response.headers()['x-cache']
  }).toBe('hit')
  const scriptSources = /script-src ([^;]*)/.exec(response.headers()['content-security-policy'] ?? '')?.[1]
  expect(scriptSources).toMatch(/^'self'( 'sha256-[\w+/=]+')+$/)
  return response
}

test('the cached home page hydrates under its hashed policy: the carousel moves, the contact form sends', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openCached(page, '/')
  await waitForHydration(page, '[aria-roledescription="carousel"]')
  const carousel = page.getByRole('region', { name: 'Highlights' })
  await carousel.getByRole('button', { name: 'Go to slide 2' }).click()
  await expect(carousel.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true')
  await expect(carousel.getByRole('heading', { name: 'Learning Beyond the Classroom' })).toBeVisible()

  // The form's token came in a cookie with the cached page; after 3 s it carries one message.
  // The server allows one message per visitor every 30 s: this test's message must not meet another test's.
  onDemoDatabase((database) => database.prepare('delete from contact_throttle').run())
  const form = page.getByRole('region', { name: 'Get in Touch' })
  await waitForHydration(page, 'form:has(textarea[name="message"])')
  await form.getByLabel('Name').fill('Cached Page Parent')
  await form.getByLabel('Email').fill(`cached.${Date.now()}@example.org`)
  await form.getByLabel('Message').fill('Sent from a page the cache served.')
  await page.waitForTimeout(3_100)
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(toast(page, "Thank you! We'll get back to you soon.")).toBeVisible()
})

test('the cached gallery hydrates under its hashed policy and opens a photo full screen', async ({ page }) => {
  await openCached(page, '/gallery?folder=events')
  await waitForHydration(page, 'main [data-gallery-tile]')
  await page.locator('main [data-gallery-tile]').first().click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(page.locator('.pswp__counter')).toHaveText(/^1 of \d+$/)
  await expect(page.locator('.pswp__item:not([aria-hidden="true"]) img.pswp__img').first()).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
})

test('a cached page opened with a parameter its route does not read is the same page, and hydrates at that address', async ({ page }) => {
  await openCached(page, '/calendar?view=month&month=2031-02&utm_source=newsletter')
  await expect(page.getByRole('heading', { name: 'February 2031' })).toBeVisible()
  await waitForHydration(page, 'nav[aria-label="Months"] a')
  // Rendered from the address it is kept under: its links carry no campaign tag.
  await page.getByRole('link', { name: 'Next month' }).click()
  await expect(page.getByRole('heading', { name: 'March 2031' })).toBeVisible()
  await expect(page).toHaveURL(/\/calendar\?view=month&month=2031-03$/)
})

test.describe('a page fetches its scripts only once it has painted (docs/product-rules.md#performance-budget)', () => {
  for (const [path, how] of [
    ['/', 'from the cache, under its hashed policy'],
    ['/search?q=school', 'rendered for the visitor, under a nonce'],
  ] as const) {
    test(`${path}, ${how}: every script starts after the first contentful paint, and the page hydrates`, async ({ page }) => {
      if (path === '/') await openCached(page, path)
      else {
        const response = (await page.goto(path)) as Response
        expect(response.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[\w+/=]+'/)
      }
      await waitForHydration(page, 'main')
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => ({ file: entry.name, start: entry.startTime })),
      }))
      expect(timing.paint).not.toBeNull()
      expect(timing.scripts.length).toBeGreaterThanOrEqual(3)
      for (const script of timing.scripts) expect(script.start, script.file).toBeGreaterThanOrEqual(timing.paint!)
    })
  }
})
