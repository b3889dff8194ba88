import { expect, screenshot, test, waitForHydration } from './fixtures.ts'

/** Placeholders while each page loads (docs/product-rules.md#public-pages). */
const SKELETON_COUNTS = [
  ['Gallery', 6],
  ['Blogs', 6],
  ['Policies', 4],
  ['Calendar', 5],
] as const

test('while a page loads after a click, its skeleton shows the number of placeholders set for that page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await waitForHydration(page, 'nav[aria-label="Main"] a')

  // Client-side navigations fetch loader data from `<path>.data`: hold each answer back.
  const released: (() => void)[] = []
  await page.route('**/*.data*', async (route) => {
    await new Promise<void>((resolve) => released.push(resolve))
    await route.continue()
  })

  const nav = page.getByRole('navigation', { name: 'Main' })
  const skeletonItems = page.locator('[data-testid="skeleton-item"]')
  for (const [link, count] of SKELETON_COUNTS) {
    await nav.getByRole('link', { name: link }).click()
    await expect(skeletonItems).toHaveCount(count)
    await expect(page.locator('main [aria-busy="true"]')).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeAttached()
    await screenshot(page, `skeleton-${link.toLowerCase()}-1280`)

    for (const release of released.splice(0)) release()
    await expect(page).toHaveURL(new RegExp(`/${link.toLowerCase()}$`))
    await expect(skeletonItems).toHaveCount(0)
  }
})

test('pages without a list, like a blog post, show no skeleton while loading', async ({ page }) => {
  await page.goto('/blogs')
  await waitForHydration(page, 'main a[href^="/blogs/"]')
  const released: (() => void)[] = []
  await page.route('**/*.data*', async (route) => {
    await new Promise<void>((resolve) => released.push(resolve))
    await route.continue()
  })
  await page.getByRole('link', { name: /^Read More/ }).first().click()
  await expect.poll(() => released.length).toBeGreaterThan(0)
  await expect(page.locator('[data-testid="skeleton-item"]')).toHaveCount(0)
  for (const release of released.splice(0)) release()
  await expect(page).toHaveURL(/\/blogs\/[a-z-]+$/)
})
