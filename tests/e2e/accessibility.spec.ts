import AxeBuilder from '@axe-core/playwright'
import { EMPTY_SITE_URL } from './sites.ts'
import { expect, test } from './fixtures.ts'

const PUBLIC_PAGES = ['/', '/gallery', '/blogs', '/blogs/welcome-back', '/policies', '/calendar']

for (const [site, baseUrl] of [
  ['demo', ''],
  ['empty', EMPTY_SITE_URL],
] as const) {
  for (const path of PUBLIC_PAGES) {
    if (site === 'empty' && path.startsWith('/blogs/')) continue
    test(`${site} ${path} has no WCAG 2.1 A/AA violations (axe)`, async ({ page }) => {
      await page.goto(`${baseUrl}${path}`)
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      const summary = results.violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
      }))
      expect(summary).toEqual([])
    })
  }
}

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
