import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { htmlErrors } from './html-checker.ts'
import { onDemoDatabase, onSiteDatabase } from './site-database.ts'
import { EMPTY_SITE_URL } from './sites.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { signIn } from './staff.ts'

const PUBLIC_PAGES = [
  '/',
  '/gallery',
  '/gallery?albums=all',
  '/gallery/events',
  '/blogs',
  '/blogs/welcome-back',
  '/policies',
  '/calendar',
  '/calendar?view=month',
  '/calendar/sports-day',
  '/calendar/swimming-year-4',
  '/contact',
  '/staff',
  '/subscribe',
  '/search',
  '/search?q=term',
  '/search?q=zzqxv',
  '/admissions/open-days',
  '/policies/safeguarding-policy',
  '/policies?category=safeguarding',
]
/** Pages of the demo content that an empty site does not have. */
const DEMO_ONLY = new Set(['/blogs/welcome-back', '/admissions/open-days', '/calendar/sports-day', '/gallery/events', '/policies/safeguarding-policy', '/policies?category=safeguarding'])
DEMO_ONLY.add('/calendar/swimming-year-4')

const EMPTY_DATABASE_PATH = `.tmp/e2e-empty-${new URL(EMPTY_SITE_URL).port}/school.sqlite`
const STAFF_DIRECTORY_ON = "insert into site_settings (key, value) values ('staff_directory_enabled', 'true') on conflict (key) do update set value = 'true'"
const A_STAFF_MEMBER_ID = 'accessibility-check-person'

// The staff directory is off on a fresh site: these checks turn it on, with one person listed on the demo site.
test.beforeAll(() => {
  onDemoDatabase((database) => {
    database.exec(STAFF_DIRECTORY_ON)
    database
      .prepare("insert into staff_members (id, name, job_title, department, email, show_email, phone, bio) values (?, 'Mrs Amina Patel', 'Head of Science', 'Science', 'a.patel@school.test', 1, '+44 20 7946 0000', 'Teaches chemistry.')")
      .run(A_STAFF_MEMBER_ID)
  })
  onSiteDatabase(EMPTY_DATABASE_PATH, (database) => database.exec(STAFF_DIRECTORY_ON))
})

test.afterAll(() => {
  onDemoDatabase((database) => {
    database.exec("delete from site_settings where key = 'staff_directory_enabled'")
    database.prepare('delete from staff_members where id = ?').run(A_STAFF_MEMBER_ID)
  })
  onSiteDatabase(EMPTY_DATABASE_PATH, (database) => database.exec("delete from site_settings where key = 'staff_directory_enabled'"))
})

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
    if (site === 'empty' && DEMO_ONLY.has(path)) continue
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

test('the public pages are valid HTML as served (W3C Nu HTML Checker: no errors)', async ({ request }) => {
  const served: Record<string, string> = {}
  for (const [site, baseUrl] of [
    ['demo', ''],
    ['empty', EMPTY_SITE_URL],
  ] as const) {
    for (const path of PUBLIC_PAGES.filter((candidate) => site === 'demo' || !DEMO_ONLY.has(candidate))) {
      const response = await request.get(`${baseUrl}${path}`)
      expect(response.status(), `${site} ${path}`).toBe(200)
      served[`${site} ${path}`] = await response.text()
    }
  }
  expect(await htmlErrors(served)).toEqual([])
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

test('a page with alerts of every level, and the emergency dialog, has no WCAG 2.1 A/AA violations (axe) and is valid HTML', async ({ page, request }) => {
  const insert = "insert into alerts (id, level, title, message, link, starts_at, ends_at) values (?, ?, ?, 'Details for families.', '/contact', '2020-01-01T00:00:00.000Z', null)"
  const ids = ['accessibility-alert-emergency', 'accessibility-alert-important', 'accessibility-alert-info']
  onSiteDatabase(EMPTY_DATABASE_PATH, (database) => {
    for (const [index, level] of (['emergency', 'important', 'info'] as const).entries()) database.prepare(insert).run(ids[index]!, level, `A ${level} notice`)
  })
  try {
    await page.goto(`${EMPTY_SITE_URL}/`)
    await expect(page.getByRole('dialog', { name: 'Emergency alert' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'I have read this' }).click()
    await expect(page.getByRole('region', { name: 'Alerts' }).getByRole('listitem')).toHaveCount(3)
    expect(await axeViolations(page)).toEqual([])
    const response = await request.get(`${EMPTY_SITE_URL}/`)
    expect(await htmlErrors({ 'empty / with alerts': await response.text() })).toEqual([])
  } finally {
    onSiteDatabase(EMPTY_DATABASE_PATH, (database) => database.prepare(`delete from alerts where id in (${ids.map(() => '?').join(', ')})`).run(...ids))
  }
})
