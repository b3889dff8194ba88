import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, screenshot, test, waitForHydration } from './fixtures.ts'
import { EMPTY_SITE_URL } from './sites.ts'

/** The demo's visible images, newest first; 'Staff Training Day' sits in the hidden 'staff-room' folder. */
const ALL_TITLES = ['Art Exhibition', 'Music Concert', 'School Garden', 'Sports Day', 'Science Week', 'Spring Fair']
const EVENTS_TITLES = ['Music Concert', 'Sports Day']

const filters = (page: Page) => page.getByRole('list', { name: 'Folders' }).getByRole('link')
/** On this page the only buttons in the main content are the thumbnails. */
const thumbnails = (page: Page) => page.getByRole('main').getByRole('button')

async function expectThumbnails(page: Page, titles: string[]) {
  await expect.poll(() => thumbnails(page).evaluateAll((buttons) => buttons.map((button) => button.querySelector('img')?.alt))).toEqual(titles)
}

test('the gallery shows "all" and each visible folder with its count, and hides images of folders not for external use', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/gallery')
  await expect(page).toHaveTitle('Gallery | Our School')
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible()
  await expect(filters(page)).toHaveText(['all (6)', 'events (2)', 'general (4)'])
  await expect(filters(page).filter({ hasText: 'all (6)' })).toHaveAttribute('aria-current', 'true')
  await expectThumbnails(page, ALL_TITLES)
  await expect(page.getByRole('img', { name: 'Staff Training Day' })).toHaveCount(0)
  await expect(page.getByText('staff-room')).toHaveCount(0)

  // Three columns on a wide screen, one on a phone.
  const columns = async () => new Set(await thumbnails(page).evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().left))).size
  expect(await columns()).toBe(3)
  await screenshot(page, 'gallery-demo-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await columns()).toBe(1)
  await screenshot(page, 'gallery-demo-390')
})

test('a folder filter shows only that folder and lives in the URL, which the server renders on its own', async ({ page, request }) => {
  await page.goto('/gallery')
  await waitForHydration(page, 'main ul[aria-label="Folders"] a')
  await filters(page).filter({ hasText: 'events (2)' }).click()
  await expect(page).toHaveURL(/\/gallery\?folder=events$/)
  await expectThumbnails(page, EVENTS_TITLES)
  await expect(filters(page).filter({ hasText: 'events (2)' })).toHaveAttribute('aria-current', 'true')
  await expect(filters(page).filter({ hasText: 'all (6)' })).not.toHaveAttribute('aria-current')

  await filters(page).filter({ hasText: 'all (6)' }).click()
  await expect(page).toHaveURL(/\/gallery$/)
  await expectThumbnails(page, ALL_TITLES)

  // The server renders the filtered page on its own (a shared link, no JavaScript).
  const html = await (await request.get('/gallery?folder=general')).text()
  const alts = [...html.matchAll(/<img [^>]*alt="([^"]*)"[^>]*>/g)].map((match) => match[1])
  expect(alts.filter((alt) => ALL_TITLES.includes(alt!))).toEqual(['Art Exhibition', 'School Garden', 'Science Week', 'Spring Fair'])
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/gallery"\/>/)
})

test('clicking an image opens it large with its title; arrow keys and buttons move through the folder; Escape closes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/gallery?folder=events')
  await waitForHydration(page, 'main button')
  const opener = page.getByRole('button', { name: 'Music Concert' })
  await opener.click()

  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Music Concert' })).toBeVisible()
  await expect(dialog).toHaveAccessibleName('Music Concert')
  await expect(dialog.getByText('Image 1 of 2')).toBeVisible()
  await expect(dialog.getByRole('img', { name: 'Music Concert' })).toBeVisible()
  await screenshot(page, 'gallery-lightbox-1280')
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations.map((violation) => violation.id)).toEqual([])

  await page.keyboard.press('ArrowRight')
  await expect(dialog).toHaveAccessibleName('Sports Day')
  await expect(dialog.getByRole('img', { name: 'Sports Day' })).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(dialog).toHaveAccessibleName('Music Concert')
  await page.keyboard.press('ArrowLeft')
  await expect(dialog).toHaveAccessibleName('Sports Day')
  await dialog.getByRole('button', { name: 'Previous image' }).click()
  await expect(dialog).toHaveAccessibleName('Music Concert')
  await dialog.getByRole('button', { name: 'Next image' }).click()
  await expect(dialog).toHaveAccessibleName('Sports Day')

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  // From the keyboard alone, at phone width.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Sports Day' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveAccessibleName('Sports Day')
  await expect(dialog.getByText('Image 2 of 2')).toBeVisible()
  await screenshot(page, 'gallery-lightbox-390')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Sports Day' })).toBeFocused()
})

test('a folder name that matches nothing says so', async ({ page }) => {
  await page.goto('/gallery?folder=x')
  await expect(page.getByText('No images in "x" folder.')).toBeVisible()
  await expect(thumbnails(page)).toHaveCount(0)
  await expect(filters(page)).toHaveText(['all (6)', 'events (2)', 'general (4)'])
  await expect(page.locator('[aria-current="true"]')).toHaveCount(0)

  // A hidden folder is no different from one that does not exist.
  await page.goto('/gallery?folder=staff-room')
  await expect(page.getByText('No images in "staff-room" folder.')).toBeVisible()
  await expect(thumbnails(page)).toHaveCount(0)
})

test('the empty site says the gallery has no images yet, and its empty general folder says so too', async ({ page }) => {
  await page.goto(`${EMPTY_SITE_URL}/gallery`)
  await expect(page.getByText('No images in gallery yet.')).toBeVisible()
  await expect(filters(page)).toHaveText(['all (0)', 'general (0)'])
  await screenshot(page, 'gallery-empty-1280')

  await filters(page).filter({ hasText: 'general (0)' }).click()
  await expect(page).toHaveURL(/\/gallery\?folder=general$/)
  await expect(page.getByText('No images in "general" folder.')).toBeVisible()
  await expect(page.getByText('No images in gallery yet.')).toHaveCount(0)
})
