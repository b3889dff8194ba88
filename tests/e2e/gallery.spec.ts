import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, screenshot, test, waitForHydration } from './fixtures.ts'
import { sitemapEntries } from '#tests/setup/feed-xml.ts'
import { demoRow, onDemoDatabase } from './site-database.ts'
import { DEMO_SITE_URL, EMPTY_SITE_URL } from './sites.ts'

/** What each demo photo's tile reads: its alt text, else (Spring Fair, left undescribed) its title. */
const TILE = {
  artExhibition: 'Drawing of the school on a pale blue hill under a dark green sky and a pink sun',
  musicConcert: 'Drawing of the school on a mint-green hill under a rust-red sky',
  schoolGarden: 'Drawing of the school on a pink hill under a teal sky and a yellow sun',
  sportsDay: 'Drawing of the school on a sandy hill under a purple sky and a pink sun',
  scienceWeek: 'Drawing of the school on a green hill under a blue sky and an orange sun',
  springFair: 'Spring Fair',
  staffTrainingDay: 'Drawing of the school on a green hill under a dark blue sky',
}
/** The demo's visible images, newest first; 'Staff Training Day' sits in the hidden 'staff-room' folder. */
const ALL_TILES = [TILE.artExhibition, TILE.musicConcert, TILE.schoolGarden, TILE.sportsDay, TILE.scienceWeek, TILE.springFair]
const EVENTS_TILES = [TILE.musicConcert, TILE.sportsDay]

const filters = (page: Page) => page.getByRole('list', { name: 'Folders' }).getByRole('link')
/** The tiles: links to the full photo, which open the enlarged view. */
const thumbnails = (page: Page) => page.locator('main [data-gallery-tile]')
const tile = (page: Page, name: string) => page.getByRole('link', { name, exact: true })

async function expectThumbnails(page: Page, titles: string[]) {
  await expect.poll(() => thumbnails(page).evaluateAll((links) => links.map((link) => link.querySelector('img')?.alt))).toEqual(titles)
}

test('the gallery shows "all" and each visible folder with its count, and hides images of folders not for external use', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/gallery')
  await expect(page).toHaveTitle('Gallery | Our School')
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible()
  await expect(filters(page)).toHaveText(['all (6)', 'events (2)', 'general (4)'])
  await expect(filters(page).filter({ hasText: 'all (6)' })).toHaveAttribute('aria-current', 'true')
  await expectThumbnails(page, ALL_TILES)
  await expect(page.getByRole('img', { name: TILE.staffTrainingDay })).toHaveCount(0)
  await expect(page.getByText('staff-room')).toHaveCount(0)

  // Four columns on a wide screen, two on a phone.
  const columns = async () => new Set(await thumbnails(page).evaluateAll((links) => links.map((link) => link.getBoundingClientRect().left))).size
  expect(await columns()).toBe(4)
  await screenshot(page, 'gallery-demo-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await columns()).toBe(2)
  await screenshot(page, 'gallery-demo-390')
})

test('a folder filter shows only that folder and lives in the URL, which the server renders on its own', async ({ page, request }) => {
  await page.goto('/gallery')
  await waitForHydration(page, 'main ul[aria-label="Folders"] a')
  await filters(page).filter({ hasText: 'events (2)' }).click()
  await expect(page).toHaveURL(/\/gallery\?folder=events$/)
  await expectThumbnails(page, EVENTS_TILES)
  await expect(filters(page).filter({ hasText: 'events (2)' })).toHaveAttribute('aria-current', 'true')
  await expect(filters(page).filter({ hasText: 'all (6)' })).not.toHaveAttribute('aria-current')

  await filters(page).filter({ hasText: 'all (6)' }).click()
  await expect(page).toHaveURL(/\/gallery$/)
  await expectThumbnails(page, ALL_TILES)

  // The server renders the filtered page on its own (a shared link, no JavaScript).
  const html = await (await request.get('/gallery?folder=general')).text()
  const alts = [...html.matchAll(/<img [^>]*alt="([^"]*)"[^>]*>/g)].map((match) => match[1])
  expect(alts.filter((alt) => ALL_TILES.includes(alt!))).toEqual([TILE.artExhibition, TILE.schoolGarden, TILE.scienceWeek, TILE.springFair])
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/gallery"\/>/)
})

/**
 * The tiles of a 390 px phone are 175 CSS px wide. A portrait phone is
 * offered the 480 px copy alone, so 2x and 3x phones both load it: never the
 * 960 or 1600 px files, even when the browser's look-ahead fetch guessed a
 * wider page.
 */
for (const { deviceScaleFactor, copy } of [
  { deviceScaleFactor: 2, copy: /\.w480\.webp$/ },
  { deviceScaleFactor: 3, copy: /\.w480\.webp$/ },
]) {
  test(`on a 390 px phone at ${deviceScaleFactor}x each tile loads the 480 px copy`, async ({ browser }) => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor, isMobile: true, hasTouch: true })
    const page = await phone.newPage()
    await page.goto('/gallery')
    const images = page.locator('main [data-gallery-tile] img')
    await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeTruthy()
    const tileWidth = await images.first().evaluate((img) => img.getBoundingClientRect().width)
    expect(tileWidth).toBeCloseTo(390 / 2 - 20, 0)
    for (const img of await images.all()) {
      await img.scrollIntoViewIfNeeded()
      await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(copy)
      // Width and height give the tile its shape before the photo arrives.
      expect(await img.getAttribute('width')).toBe('480')
      expect(await img.getAttribute('height')).toBe('360')
    }
    // Below the first rows the photos wait until scrolled near.
    expect(await images.nth(5).getAttribute('loading')).toBe('lazy')
    await phone.close()
  })
}

test('a tapped photo opens full screen with its caption; a swipe moves to the next; Escape closes and focus goes back to its tile', async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true })
  const page = await phone.newPage()
  await page.goto('/gallery?folder=events')
  await waitForHydration(page, 'main [data-gallery-tile]')
  // The enlarged view's script is not part of the page until a photo is opened.
  const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => /gallery-lightbox/.test(name)))
  expect(await scripts()).toEqual([])
  await tile(page, TILE.musicConcert).click()

  const dialog = page.getByRole('dialog')
  await expect(dialog).toHaveAccessibleName('Music Concert')
  await expect(page.locator('.pswp__counter')).toHaveText('1 of 2')
  await expect(dialog.getByText('Music Concert', { exact: true })).toBeVisible()
  // Full screen: the photo is as wide as the phone, far larger than its tile.
  const photo = page.locator('.pswp__item:not([aria-hidden="true"]) img.pswp__img').first()
  await expect.poll(async () => (await photo.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(389)
  const close = dialog.getByRole('button', { name: 'Close' })
  const closeBox = await close.boundingBox()
  expect(closeBox!.width).toBeGreaterThanOrEqual(44)
  expect(closeBox!.height).toBeGreaterThanOrEqual(44)
  await page.screenshot({ path: 'test-results/screenshots/gallery-lightbox-390.png' })

  // A finger swipes from right to left.
  const cdp = await phone.newCDPSession(page)
  const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: 420 }] })
  await touch('touchStart', 320)
  for (const x of [290, 240, 180, 120, 80]) await touch('touchMove', x)
  await touch('touchEnd', 80)
  await expect(dialog).toHaveAccessibleName('Sports Day')
  await expect(page.locator('.pswp__counter')).toHaveText('2 of 2')

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(tile(page, TILE.sportsDay)).toBeFocused()
  await phone.close()
})

test('from the keyboard: Enter on a tile opens it, the arrow keys move, Escape closes; without JavaScript a tile is a link to the photo', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/gallery?folder=events')
  await waitForHydration(page, 'main [data-gallery-tile]')
  await tile(page, TILE.musicConcert).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toHaveAccessibleName('Music Concert')
  await screenshot(page, 'gallery-lightbox-1280')
  const axe = await new AxeBuilder({ page }).include('.pswp').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations.map((violation) => violation.id)).toEqual([])
  await page.keyboard.press('ArrowRight')
  await expect(dialog).toHaveAccessibleName('Sports Day')
  await page.keyboard.press('ArrowLeft')
  await expect(dialog).toHaveAccessibleName('Music Concert')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(tile(page, TILE.musicConcert)).toBeFocused()
  await expect(tile(page, TILE.musicConcert)).toHaveAttribute('href', /^\/files\/gallery\/.+\.webp$/)
})

test('an album page shows a published album in its order; an album not for external use, or unknown, answers 404', async ({ page, request }) => {
  await page.goto('/gallery')
  await page.getByRole('link', { name: /^events 2 photos/ }).click()
  await expect(page).toHaveURL(/\/gallery\/events$/)
  await expect(page.getByRole('heading', { level: 1, name: 'events' })).toBeVisible()
  await expectThumbnails(page, EVENTS_TILES)
  expect((await request.get('/gallery/staff-room')).status()).toBe(404)
  expect((await request.get('/gallery/no-such-album')).status()).toBe(404)
  const sitemap = (await sitemapEntries(request, DEMO_SITE_URL)).map((entry) => new URL(entry.loc).pathname)
  expect(sitemap).toContain('/gallery/events')
  expect(sitemap).not.toContain('/gallery/staff-room')
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

/** Twelve years of albums before the demo's two, oldest last, each with one photo (a demo photo's file) and a few with a description. */
const OLDER_ALBUMS = [
  'Leavers Assembly',
  'Museum Visit',
  'Reception Stay and Play',
  'Chess Club',
  'Forest School',
  'Summer Concert',
  'Science Fair',
  'Sports Day 2016',
  'Year 6 Residential',
  'Nativity Play',
  'Book Week',
  'Harvest Festival',
].map((name, index) => ({ name, slug: `older-${index + 1}`, createdAt: `${2025 - index}-06-15T10:00:00.000Z` }))

test('with more than 12 albums /gallery shows the 12 newest and links to every album at /gallery?albums=all', async ({ page }) => {
  const photo = demoRow<{ image_url: string }>("select image_url from gallery where title = 'Sports Day'")!
  onDemoDatabase((database) => {
    for (const [index, album] of OLDER_ALBUMS.entries()) {
      database
        .prepare("insert into gallery_folders (id, name, slug, external_use, enabled, description, created_at) values (?, ?, ?, 1, 1, ?, ?)")
        .run(album.slug, album.name, album.slug, index % 3 === 0 ? `Photos from ${album.name.toLowerCase()}.` : '', album.createdAt)
      database.prepare('insert into gallery (id, title, image_url, folder, created_at) values (?, ?, ?, ?, ?)').run(`${album.slug}-photo`, album.name, photo.image_url, album.name, album.createdAt)
    }
  })
  try {
    const cards = page.getByRole('region', { name: 'Albums' }).getByRole('listitem')
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/gallery')
    await expect(cards).toHaveCount(12)
    // The demo's albums are the newest; then the older ones, newest first.
    await expect(cards.nth(2)).toContainText('Leavers Assembly')
    await expect(cards.nth(11)).toContainText('Nativity Play')
    await expect(page.getByRole('heading', { name: 'All photos' })).toBeVisible()
    await screenshot(page, 'gallery-albums-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'gallery-albums-390')

    await waitForHydration(page, 'main ul[aria-label="Folders"] a')
    await page.getByRole('link', { name: 'See all 14 albums' }).click()
    await expect(page).toHaveURL(/\/gallery\?albums=all$/)
    await expect(page).toHaveTitle('Gallery albums | Our School')
    await expect(cards).toHaveCount(14)
    await expect(cards.nth(13)).toContainText('Harvest Festival')
    await expect(page.getByRole('heading', { name: 'All photos' })).toHaveCount(0)
    await expect(thumbnails(page)).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^See all/ })).toHaveCount(0)
    // The filter buttons stay, none pressed: 'all' is all photos, which this page does not show.
    await expect(filters(page).first()).toHaveText('all (18)')
    await expect(page.locator('[aria-current="true"]')).toHaveCount(0)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/gallery\?albums=all$/)
    await screenshot(page, 'gallery-albums-all-390')
    await page.setViewportSize({ width: 1280, height: 900 })
    await screenshot(page, 'gallery-albums-all-1280')

    // Any other value is the ordinary page.
    await page.goto('/gallery?albums=everything')
    await expect(cards).toHaveCount(12)
    await expect(thumbnails(page)).toHaveCount(18)
  } finally {
    onDemoDatabase((database) => {
      for (const album of OLDER_ALBUMS) {
        database.prepare('delete from gallery where id = ?').run(`${album.slug}-photo`)
        database.prepare('delete from gallery_folders where id = ?').run(album.slug)
      }
    })
  }
})
