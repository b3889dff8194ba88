import type { Page } from '@playwright/test'
import { feedOccurrences, startOfSchoolDay } from './demo-calendar.ts'
import { demoRow, demoRows } from './site-database.ts'
import { expect, screenshot, test, toast, waitForHydration as waitForElementHydration } from './fixtures.ts'
import { EMPTY_SITE_URL } from './sites.ts'
import { createStaffAccount, signIn } from './staff.ts'

const SLIDE_TITLES = ['Welcome to Our School', 'Learning Beyond the Classroom', 'Join Our Community']

/** The slide on show: only it is visible, so only its title is in the accessibility tree. */
async function expectSlide(page: Page, index: number) {
  const carousel = page.getByRole('region', { name: 'Highlights' })
  await expect(carousel.getByRole('heading', { name: SLIDE_TITLES[index] })).toBeVisible()
  for (const [other, title] of SLIDE_TITLES.entries()) {
    if (other !== index) await expect(carousel.getByRole('heading', { name: title })).toBeHidden()
  }
  await expect(carousel.getByRole('button', { name: `Go to slide ${index + 1}` })).toHaveAttribute('aria-current', 'true')
}

/** Stops the page's clock before it loads, so only `runFor` moves time; resolves once React has hydrated. */
async function loadWithFrozenClock(page: Page) {
  const start = new Date('2026-03-02T09:00:00Z')
  await page.clock.install({ time: start })
  await page.clock.pauseAt(new Date(start.getTime() + 1_000))
  await page.goto('/')
  await waitForHydration(page)
}

async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => {
      const carousel = document.querySelector('[aria-roledescription="carousel"]')
      return carousel !== null && Object.keys(carousel).some((key) => key.startsWith('__react'))
    },
    undefined,
    { polling: 50 },
  )
}

test('the demo home page shows hero, features, the 3 newest testimonials, about and contact', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  await expect(page).toHaveTitle('Our School')

  const carousel = page.getByRole('region', { name: 'Highlights' })
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Our School' })).toBeVisible()
  await expect(carousel.getByText('A caring community where every child learns, grows and belongs.')).toBeVisible()
  await expect(carousel.getByRole('group', { name: '1 of 3' })).toHaveAttribute('aria-roledescription', 'slide')

  const features = page.getByRole('region', { name: 'Why Choose Us' })
  await expect(features.getByRole('listitem')).toHaveCount(6)
  await expect(features.getByRole('heading', { level: 3, name: 'Strong Foundations' })).toBeVisible()
  await expect(features.getByText('Teachers who know every pupil by name and by need.')).toBeVisible()

  const testimonials = page.getByRole('region', { name: 'What Parents Say' })
  await expect(testimonials.locator('figcaption')).toHaveText(['Maria Lopez', 'James Okafor', 'Priya Shah'])
  await expect(testimonials.getByText('Our daughter runs into school every morning. The teachers truly care.')).toBeVisible()
  await expect(testimonials.getByRole('img', { name: /^Rated \d out of 5$/ })).toHaveCount(3)
  await expect(testimonials.getByRole('listitem').filter({ hasText: 'Priya Shah' }).getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible()
  await expect(testimonials.getByText('Tom Becker')).toHaveCount(0)

  const about = page.getByRole('region', { name: 'About Our School' })
  await expect(about.getByText('Visitors are always welcome: contact the office to arrange a tour.')).toBeVisible()

  const contact = page.getByRole('region', { name: 'Get in Touch' })
  await expect(contact.getByRole('heading', { level: 3, name: 'Our School' })).toBeVisible()
  await expect(contact.getByRole('link', { name: '+1 (555) 010-0000' })).toHaveAttribute('href', 'tel:+15550100000')
  await expect(contact.getByRole('link', { name: 'office@example.org' })).toHaveAttribute('href', 'mailto:office@example.org')
  await expect(contact.getByText('1 School Lane, Hometown')).toBeVisible()
  await expect(contact.getByRole('button', { name: 'Send Message' })).toBeVisible()

  for (const key of ['hero', 'features', 'testimonials', 'about', 'contact']) {
    await expect(page.locator(`[data-theme-section="${key}"]`)).toHaveCount(1)
  }
  await screenshot(page, 'home-demo-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'home-demo-390')
})

test('the server renders the first slide, a high-priority first image, meta tags and School JSON-LD', async ({ request }) => {
  const html = await (await request.get('/')).text()
  expect(html).toMatch(/<h1[^>]*>Welcome to Our School<\/h1>/)
  const images = [...html.matchAll(/<img [^>]*src="\/files\/uploads\/[^"]+"[^>]*>/g)].map((match) => match[0])
  expect(images[0]).toContain('loading="eager"')
  expect(images[0]).toContain('fetchPriority="high"')
  expect(images.slice(1).every((image) => image.includes('loading="lazy"'))).toBe(true)
  // Of the carousel, only the first slide's picture: the others come once the scripts run, a slide ahead.
  const carousel = /aria-roledescription="carousel"[\s\S]*?<\/section>/.exec(html)![0]
  expect(carousel.match(/<img /g)).toHaveLength(1)
  expect(carousel).toContain(images[0]!)
  // Each image says what it shows, as described in the media library.
  expect(images[0]).toContain('alt="Drawing of the school grounds under a wide sky"')
  expect(images.at(-1)).toContain('alt="Drawing of the school building among trees"')

  expect(html).toContain('<meta name="description" content="A caring community where every child learns, grows and belongs."/>')
  const ldJson = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1]
  expect(JSON.parse(ldJson ?? '{}')).toMatchObject({
    '@context': 'https://schema.org',
    '@type': ['School', 'EducationalOrganization'],
    name: 'Our School',
    url: expect.stringMatching(/^http:\/\/localhost:\d+\/$/),
    logo: expect.stringMatching(/^http:\/\/localhost:\d+\/files\/gallery\//),
    telephone: '+1 (555) 010-0000',
    email: 'office@example.org',
    address: { '@type': 'PostalAddress', streetAddress: '1 School Lane, Hometown' },
  })
})

test('each slide’s picture is fetched a slide before it is shown, and kept', async ({ page }) => {
  const pictures: string[] = []
  page.on('request', (request) => {
    if (/\/files\/uploads\/[^/]+$/.test(new URL(request.url()).pathname)) pictures.push(new URL(request.url()).pathname)
  })
  await loadWithFrozenClock(page)
  // Slides not on show are hidden, so out of the accessibility tree: found by their label.
  const slidePicture = (index: number) => page.locator(`[aria-roledescription="slide"][aria-label="${index + 1} of 3"] img`)
  await expect(slidePicture(0)).toHaveJSProperty('complete', true)
  // Hydrated: the next slide's picture is in the page, the one after it is not.
  await expect(slidePicture(1)).toHaveCount(1)
  await expect(slidePicture(2)).toHaveCount(0)
  const second = (await slidePicture(1).evaluate((image: HTMLImageElement) => new URL(image.currentSrc || image.src).pathname))
  await expect.poll(() => pictures).toContain(second)

  await page.clock.runFor(5_000)
  await expectSlide(page, 1)
  await expect(slidePicture(2)).toHaveCount(1)
  await page.clock.runFor(5_000)
  await expectSlide(page, 2)
  // Back at the first slide, every picture is still there: none is fetched twice.
  await page.clock.runFor(5_000)
  await expectSlide(page, 0)
  for (const index of [0, 1, 2]) await expect(slidePicture(index)).toHaveCount(1)
  expect(new Set(pictures).size).toBe(pictures.length)
})

test('the carousel advances by itself every 5 s, looping, and pauses under the pointer', async ({ page }) => {
  await loadWithFrozenClock(page)
  await expectSlide(page, 0)

  await page.clock.runFor(4_900)
  await expectSlide(page, 0)
  await page.clock.runFor(200)
  await expectSlide(page, 1)
  await page.clock.runFor(5_000)
  await expectSlide(page, 2)
  await page.clock.runFor(5_000)
  await expectSlide(page, 0)

  await page.getByRole('region', { name: 'Highlights' }).hover()
  await page.clock.runFor(12_000)
  await expectSlide(page, 0)
  await page.mouse.move(5, 5)
  await page.clock.runFor(5_000)
  await expectSlide(page, 1)
})

test('previous, next and the slide buttons work from the keyboard, and keyboard focus stops the rotation', async ({ page }) => {
  await loadWithFrozenClock(page)
  await expectSlide(page, 0)

  // Reach the carousel's controls with Tab alone.
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '')
  for (let presses = 0; presses < 20 && (await focusedName()) !== 'Previous slide'; presses++) await page.keyboard.press('Tab')
  expect(await focusedName()).toBe('Previous slide')
  await page.keyboard.press('Enter')
  await expectSlide(page, 2)

  await page.keyboard.press('Tab')
  expect(await focusedName()).toBe('Next slide')
  await page.keyboard.press('Enter')
  await expectSlide(page, 0)
  await page.keyboard.press('Enter')
  await expectSlide(page, 1)

  await page.keyboard.press('Tab')
  expect(await focusedName()).toBe('Pause slide rotation')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  expect(await focusedName()).toBe('Go to slide 3')
  await page.keyboard.press('Space')
  await expectSlide(page, 2)

  // While focus stays inside, the slides hold still.
  await page.clock.runFor(15_000)
  await expectSlide(page, 2)
  // Leaving the carousel lets it move on again.
  await page.getByRole('heading', { name: 'Why Choose Us' }).click()
  await page.clock.runFor(5_000)
  await expectSlide(page, 0)
})

test('the rotation can be paused with its button and does not start by itself for reduced motion', async ({ page }) => {
  await loadWithFrozenClock(page)
  await page.getByRole('button', { name: 'Pause slide rotation' }).click()
  await page.mouse.move(5, 5)
  await page.clock.runFor(12_000)
  await expectSlide(page, 0)

  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('button', { name: 'Start slide rotation' })).toBeVisible()
  await page.clock.runFor(12_000)
  await expectSlide(page, 0)
  await page.getByRole('button', { name: 'Start slide rotation' }).click()
  await page.mouse.move(5, 5)
  await page.clock.runFor(5_000)
  await expectSlide(page, 1)
})

test('the empty site shows the starter sections and no testimonials section', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`${EMPTY_SITE_URL}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Our School' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Why Choose Us' }).getByRole('listitem')).toHaveCount(6)
  await expect(page.getByRole('region', { name: 'About Our School' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Get in Touch' }).getByRole('link', { name: 'office@example.org' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'What Parents Say' })).toHaveCount(0)
  await expect(page.locator('[data-theme-section="testimonials"]')).toHaveCount(0)
  await screenshot(page, 'home-empty-1280')
})

test('the home page leads to the 3 newest posts and the next 3 events; an editor turns Latest News off and on again', async ({ page, request }) => {
  test.slow()
  await page.setViewportSize({ width: 1280, height: 800 })
  const now = new Date().toISOString()
  const posts = demoRows<{ title: string; slug: string }>(
    "select title, slug from blogs where status = 'published' and published_at <= ? order by published_at desc limit 3",
    now,
  )
  // The next three dates, a repeating event's among them (expanded from the calendar feed by ical.js).
  const events = (await feedOccurrences(request)).filter((occurrence) => occurrence.start >= startOfSchoolDay()).slice(0, 3)
  expect(posts).toHaveLength(3)
  expect(events).toHaveLength(3)

  await page.goto('/')
  const news = page.getByRole('region', { name: 'Latest News' })
  await expect(news.getByRole('heading', { level: 3 })).toHaveText(posts.map((post) => post.title))
  for (const post of posts) await expect(news.getByRole('link', { name: `Read More about ${post.title}` })).toHaveAttribute('href', `/blogs/${post.slug}`)
  await expect(news.getByRole('link', { name: 'View all news' })).toHaveAttribute('href', '/blogs')
  const upcoming = page.getByRole('region', { name: 'Upcoming Events' })
  await expect(upcoming.getByRole('heading', { level: 3 })).toHaveText(events.map((event) => event.title))
  await expect(upcoming.getByRole('link', { name: 'View calendar' })).toHaveAttribute('href', '/calendar')
  await screenshot(page, 'home-blocks-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'home-blocks-390')
  await page.setViewportSize({ width: 1280, height: 800 })

  // Each event links to its own card on the calendar page.
  await upcoming.getByRole('link', { name: events[1]!.title }).click()
  await expect(page).toHaveURL(`/calendar#event-${events[1]!.id}`)
  await expect(page.locator(`#event-${events[1]!.id}`)).toContainText(events[1]!.title)
  await expect(page.locator(`#event-${events[1]!.id}`)).toBeInViewport()

  await signIn(page, await createStaffAccount(request, 'editor'))
  await page.goto('/admin/sections')
  await waitForElementHydration(page, '#home-layout-latestNews-shown')
  const layout = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'home.layout', exact: true }) })
  const switchOf = (name: string) => layout.getByRole('switch', { name: `Show ${name}` })
  await expect(layout.getByRole('switch')).toHaveCount(6)
  await expect(switchOf('Latest News')).toBeChecked()
  await expect(layout.getByRole('button', { name: 'Move Hero up' })).toBeDisabled()
  // Moved from the keyboard, the block keeps the focus on its button.
  await layout.getByRole('button', { name: 'Move Upcoming Events up' }).focus()
  await page.keyboard.press('Enter')
  await expect(layout.getByRole('button', { name: 'Move Upcoming Events up' })).toBeFocused()
  await expect(layout.getByText('Upcoming Events moved to position 2 of 7.')).toBeAttached()
  await switchOf('Latest News').click()
  await expect(switchOf('Latest News')).not.toBeChecked()
  await layout.getByRole('button', { name: 'Save layout' }).click()
  await expect(toast(page, 'Home page layout updated')).toBeVisible()
  expect(JSON.parse(demoRow<{ content: string }>("select content from sections where key = 'home.layout'")!.content)).toEqual({
    order: ['hero', 'upcomingEvents', 'latestNews', 'features', 'testimonials', 'about', 'contact'],
    hidden: ['latestNews'],
  })
  await screenshot(page, 'admin-home-layout-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await layout.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/screenshots/admin-home-layout-390.png' })
  await page.setViewportSize({ width: 1280, height: 800 })

  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Upcoming Events' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Latest News' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: posts[0]!.title })).toHaveCount(0)

  await page.goto('/admin/sections')
  await waitForElementHydration(page, '#home-layout-latestNews-shown')
  await switchOf('Latest News').click()
  await layout.getByRole('button', { name: 'Move Upcoming Events down' }).click()
  await layout.getByRole('button', { name: 'Save layout' }).click()
  await expect(toast(page, 'Home page layout updated')).toBeVisible()
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Latest News' }).getByRole('heading', { level: 3 })).toHaveText(posts.map((post) => post.title))
  const order = await page.locator('main h2').allTextContents()
  expect(order.indexOf('Latest News')).toBeLessThan(order.indexOf('Upcoming Events'))
})
