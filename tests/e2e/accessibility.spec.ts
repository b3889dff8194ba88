import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { EMPTY_SITE_URL } from './sites.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { signIn } from './staff.ts'

const PUBLIC_PAGES = ['/', '/gallery', '/blogs', '/blogs/welcome-back', '/policies', '/calendar']

/** WCAG 2.1 A/AA problems axe finds in the page, with where. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }))
}

for (const [site, baseUrl] of [
  ['demo', ''],
  ['empty', EMPTY_SITE_URL],
] as const) {
  for (const path of PUBLIC_PAGES) {
    if (site === 'empty' && path.startsWith('/blogs/')) continue
    test(`${site} ${path} has no WCAG 2.1 A/AA violations (axe)`, async ({ page }) => {
      await page.goto(`${baseUrl}${path}`)
      expect(await axeViolations(page)).toEqual([])
    })
  }
}

test('the admin screens whose text holds links have no WCAG 2.1 A/AA violations (axe)', async ({ page }) => {
  // Two long admin pages: axe needs more than the default time on a busy machine.
  test.slow()
  await signIn(page)
  for (const path of ['/admin/sections', '/admin/events']) {
    await page.goto(path)
    await waitForHydration(page, 'main form')
    expect(await axeViolations(page), path).toEqual([])
  }
})

test('headings start at one h1 and never skip a level', async ({ page }) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path)
    const levels = await page.locator('main h1, main h2, main h3, main h4').evaluateAll((nodes) => nodes.map((node) => Number(node.tagName[1])))
    expect(levels.filter((level) => level === 1), `${path} has one h1`).toHaveLength(1)
    expect(levels[0], `${path} starts with h1`).toBe(1)
    for (let index = 1; index < levels.length; index++) {
      expect(levels[index]! - levels[index - 1]!, `${path} heading order`).toBeLessThanOrEqual(1)
    }
  }
})
