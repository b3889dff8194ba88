import sharp from 'sharp'
import type { Page } from '@playwright/test'
import { SCHOOL_TIME_ZONE, feedOccurrences } from './demo-calendar.ts'
import { onDemoDatabase } from './site-database.ts'
import { expect, screenshot, test } from './fixtures.ts'
import { DEMO_SITE_URL, EMPTY_SITE_URL } from './sites.ts'

/** What the demo posts' covers are described as (app/services/seed/seed.ts). */
const DEMO_COVER_ALT = 'Drawing of the school among green hills'

/** The demo posts, newest first, with the excerpt each card shows (app/services/seed/seed.ts). */
const DEMO_POSTS = [
  {
    slug: 'welcome-back',
    title: 'Welcome Back to a New School Year',
    excerpt: 'A warm welcome to returning families and to everyone joining us for the first time.',
  },
  {
    slug: 'science-week-highlights',
    title: 'Science Week Highlights',
    // No excerpt field: the first 150 characters of the content, then '...'.
    excerpt:
      'From volcano experiments to a visit from a local astronomer, science week was a huge success. Pupils in every year group explored, questioned and buil...',
  },
  {
    slug: 'our-new-school-garden',
    title: 'Our New School Garden',
    excerpt: 'Thanks to parent volunteers, our pupils now grow their own vegetables.',
  },
]
/** Newest first. */
const DEMO_POLICIES = ['Admissions Policy', 'Behaviour Policy', 'Safeguarding Policy']

const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: SCHOOL_TIME_ZONE }).format(new Date(iso))
const clockTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: SCHOOL_TIME_ZONE }).format(new Date(iso))

async function jsonLdBlocks(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents()
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>)
}

async function metaContent(page: Page, selector: string) {
  return page.locator(`head ${selector}`).getAttribute('content')
}

async function screenshots(page: Page, name: string) {
  // From the top, so the sticky header sits where a visitor sees it.
  await page.evaluate(() => window.scrollTo(0, 0))
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, `${name}-${width}`)
  }
}

test.describe('blogs', () => {
  test('the list shows each demo post with cover, date and excerpt, newest first, and Read More opens the post', async ({ page, request }) => {
    await page.goto('/blogs')
    await expect(page).toHaveTitle('School Blog | Our School')
    await expect(page.getByRole('heading', { level: 1, name: 'School Blog' })).toBeVisible()
    const rss = page.locator('head link[rel="alternate"][type="application/rss+xml"]')
    expect((await request.get((await rss.getAttribute('href'))!)).status()).toBe(200)

    const cards = page.getByRole('main').getByRole('listitem')
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText(DEMO_POSTS.map((post) => post.title))
    const published: string[] = []
    for (const [index, post] of DEMO_POSTS.entries()) {
      const card = cards.nth(index)
      await expect(card.getByText(post.excerpt, { exact: true })).toBeVisible()
      const date = card.locator('time')
      const dateTime = (await date.getAttribute('datetime'))!
      await expect(date).toHaveText(longDate(dateTime))
      published.push(dateTime)
      const cover = card.getByRole('img', { name: DEMO_COVER_ALT })
      await expect(cover).toBeVisible()
      await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
      const readMore = card.getByRole('link', { name: `Read More about ${post.title}`, exact: true })
      await expect(readMore).toHaveAttribute('href', `/blogs/${post.slug}`)
      await expect(readMore).toContainText('Read More')
    }
    expect([...published].sort().reverse()).toEqual(published)

    await screenshots(page, 'listing-blogs')
    await page.getByRole('link', { name: 'Read More about Science Week Highlights' }).click()
    await expect(page).toHaveURL('/blogs/science-week-highlights')
    await expect(page.getByRole('heading', { level: 1, name: 'Science Week Highlights' })).toBeVisible()
  })

  test('a post shows back link, cover, title, date and content, with article metadata for search and previews', async ({ page, request }) => {
    await page.goto('/blogs/welcome-back')
    const post = DEMO_POSTS[0]!
    await expect(page).toHaveTitle(`${post.title} | Our School`)
    const article = page.getByRole('article')
    await expect(article.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
    await expect(article.getByRole('img', { name: DEMO_COVER_ALT })).toBeVisible()
    await expect(article.getByRole('heading', { level: 2, name: 'Dates for your diary' })).toBeVisible()
    await expect(article.getByRole('listitem')).toHaveText(['Parents evening in the third week', 'Harvest festival before half term'])
    const dateTime = (await article.locator('time').getAttribute('datetime'))!
    await expect(article.locator('time')).toHaveText(longDate(dateTime))

    const url = `${DEMO_SITE_URL}/blogs/welcome-back`
    expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(url)
    expect(await metaContent(page, 'meta[property="og:type"]')).toBe('article')
    expect(await metaContent(page, 'meta[property="og:url"]')).toBe(url)
    expect(await metaContent(page, 'meta[name="description"]')).toBe(post.excerpt)
    expect(await metaContent(page, 'meta[property="article:published_time"]')).toBe(dateTime)
    // The link preview: a 1200×630 JPEG cut from the cover (networks that ignore WebP show it too), described.
    const ogImage = (await metaContent(page, 'meta[property="og:image"]'))!
    expect(ogImage).toMatch(new RegExp(`^${DEMO_SITE_URL}/share-images/posts/welcome-back\\.jpg\\?v=\\d+$`))
    expect(await metaContent(page, 'meta[property="og:image:type"]')).toBe('image/jpeg')
    expect(await metaContent(page, 'meta[property="og:image:width"]')).toBe('1200')
    expect(await metaContent(page, 'meta[property="og:image:height"]')).toBe('630')
    expect(await metaContent(page, 'meta[property="og:image:alt"]')).toBe(DEMO_COVER_ALT)
    const image = await request.get(ogImage)
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toBe('image/jpeg')
    expect(await sharp(await image.body()).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })

    const posting = (await jsonLdBlocks(page)).find((block) => block['@type'] === 'BlogPosting')
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      headline: post.title,
      datePublished: dateTime,
      image: expect.stringMatching(new RegExp(`^${DEMO_SITE_URL}/files/blogs/[0-9a-f-]+\\.webp$`)),
      url,
      author: { '@type': 'Organization', name: 'Our School' },
      publisher: { '@type': 'Organization', name: 'Our School' },
    })
    expect(Number.isNaN(Date.parse(posting!.dateModified as string))).toBe(false)

    await screenshots(page, 'listing-blog-post')
    await page.getByRole('link', { name: 'Back to Blogs' }).click()
    await expect(page).toHaveURL('/blogs')
  })

  test('a post written with unsafe markup is shown without scripts, handlers or javascript: links', async ({ page }) => {
    const id = crypto.randomUUID()
    const longAgo = '2001-01-01T09:00:00.000Z'
    onDemoDatabase((database) =>
      database
        .prepare('insert into blogs (id, slug, title, content, excerpt, cover_image, published_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(
          id,
          'unsafe-markup',
          'Unsafe Markup',
          '<p>Safe text</p><script>window.__injected = true</script><img src="x" onerror="window.__injected = true"><a href="javascript:window.__injected = true">bad link</a><p onclick="window.__injected = true">Click text</p>',
          null,
          null,
          longAgo,
          longAgo,
        ),
    )
    try {
      await page.goto('/blogs/unsafe-markup')
      const article = page.getByRole('article')
      await expect(article.getByText('Safe text')).toBeVisible()
      await expect(article.getByText('Click text')).toBeVisible()
      const html = await article.innerHTML()
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i)
      await expect(article.getByText('bad link')).not.toHaveAttribute('href')
      expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined()
    } finally {
      onDemoDatabase((database) => database.prepare('delete from blogs where id = ?').run(id))
    }
  })

  test("an unknown post answers 404 with 'Blog post not found' and a link back to the list", async ({ page, expectedFailedUrls }) => {
    expectedFailedUrls.push('/blogs/no-such-post')
    const response = await page.goto('/blogs/no-such-post')
    expect(response?.status()).toBe(404)
    await expect(page).toHaveTitle('Blog post not found')
    await expect(page.getByRole('heading', { level: 1, name: 'Blog post not found' })).toBeVisible()
    expect(await metaContent(page, 'meta[name="robots"]')).toBe('noindex')
    await screenshots(page, 'listing-blog-post-not-found')
    await page.getByRole('link', { name: 'Back to Blogs' }).click()
    await expect(page).toHaveURL('/blogs')
    await expect(page.getByRole('heading', { level: 1, name: 'School Blog' })).toBeVisible()
  })
})

test('policies show title, description and a Download PDF link that opens the document in a new tab', async ({ page, request }) => {
  await page.goto('/policies')
  await expect(page).toHaveTitle('School Policies | Our School')
  await expect(page.getByRole('heading', { level: 1, name: 'School Policies' })).toBeVisible()
  // The cards, not the category filter links above them.
  const cards = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) })
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(DEMO_POLICIES)
  await expect(cards.first().getByText('How places are offered, and how to apply.')).toBeVisible()
  for (const [index, title] of DEMO_POLICIES.entries()) {
    const download = cards.nth(index).getByRole('link', { name: `Download PDF of ${title} (opens in a new tab)`, exact: true })
    await expect(download).toHaveAttribute('target', '_blank')
    await expect(download).toHaveAttribute('rel', 'noopener noreferrer')
    const file = await request.get((await download.getAttribute('href'))!)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toBe('application/pdf')
    // Downloaded, never shown on the site's origin, under the policy's title.
    expect(file.headers()['content-disposition']).toBe(`attachment; filename="${title}.pdf"`)
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-')
  }
  await screenshots(page, 'listing-policies')
})

test('a policy without a file has no Download PDF link', async ({ page }) => {
  const id = crypto.randomUUID()
  onDemoDatabase((database) =>
    database
      .prepare('insert into policies (id, title, slug, description, file_url, created_at) values (?, ?, ?, ?, ?, ?)')
      .run(id, 'Uniform Policy', `uniform-policy-${id}`, 'What pupils wear.', null, '2001-01-01T09:00:00.000Z'),
  )
  try {
    await page.goto('/policies')
    const card = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Uniform Policy' })
    await expect(card.getByText('What pupils wear.')).toBeVisible()
    await expect(card.getByRole('link', { name: /Download PDF/ })).toHaveCount(0)
  } finally {
    onDemoDatabase((database) => database.prepare('delete from policies where id = ?').run(id))
  }
})

test.describe('calendar', () => {
  test('lists the upcoming events by start date with their dates, offers a subscription, and describes them as schema.org Events', async ({ page, request }) => {
    // Two dozen cards, each checked, and full-page screenshots of them at two widths.
    test.slow()
    // Every date of the demo events, the series expanded from the feed by ical.js.
    const expected = await feedOccurrences(request)
    expect(expected.length).toBeGreaterThan(20)
    await page.goto('/calendar')
    await expect(page).toHaveTitle('School Calendar | Our School')
    await expect(page.getByRole('heading', { level: 1, name: 'School Calendar' })).toBeVisible()
    const events = page.getByRole('region', { name: 'Upcoming Events' }).getByRole('listitem')
    await expect(events.getByRole('heading', { level: 3 })).toHaveText(expected.map((occurrence) => occurrence.title))
    await expect(events.filter({ hasText: 'Sports Day' }).getByText('Races, games and a picnic on the field. Families welcome.')).toBeVisible()

    const starts = await events.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')))
    expect(starts).toEqual(expected.map((occurrence) => occurrence.start))
    for (const [index, start] of starts.entries()) await expect(events.nth(index).locator('time')).toHaveText(new RegExp(`^${longDate(start!)}`))

    const graph = (await jsonLdBlocks(page)).find((block) => '@graph' in block)?.['@graph'] as Record<string, unknown>[]
    expect(graph.map((event) => event.name)).toEqual(expected.map((occurrence) => occurrence.title))
    for (const [index, event] of graph.entries()) {
      expect(event).toMatchObject({
        '@type': 'Event',
        startDate: starts[index],
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: { '@type': 'Place', name: 'Our School', address: { '@type': 'PostalAddress', streetAddress: '1 School Lane, Hometown' } },
        organizer: { '@type': 'Organization', name: 'Our School' },
      })
    }

    // Parents Evening: one afternoon, a time range. Half-Term Break: several days, a date range. A series says so.
    const card = (title: string) => events.filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) })
    const graphOf = (title: string) => graph.find((event) => event.name === title)!
    const parentsEvening = graphOf('Parents Evening')
    await expect(card('Parents Evening').locator('time')).toHaveText(
      `${longDate(parentsEvening.startDate as string)}, ${clockTime(parentsEvening.startDate as string)} – ${clockTime(parentsEvening.endDate as string)}`,
    )
    const halfTerm = graphOf('Half-Term Break')
    await expect(card('Half-Term Break').locator('time')).toHaveText(`${longDate(halfTerm.startDate as string)} – ${longDate(halfTerm.endDate as string)}`)
    await expect(card('INSET Day').locator('time')).toHaveText(longDate(graphOf('INSET Day').startDate as string))
    await expect(card('Swimming — Year 4').first()).toContainText('Repeats')
    await expect(card('Swimming — Year 4').first()).toContainText('Hometown Leisure Centre, Park Road')

    const subscribe = page.getByRole('link', { name: 'Subscribe to the school calendar', exact: true })
    await expect(subscribe).toHaveAttribute('href', /^webcal:\/\/localhost:\d+\/calendar\.ics$/)
    await expect(page.getByRole('link', { name: 'Download .ics' })).toHaveAttribute('href', '/calendar.ics')
    const feed = await request.get('/calendar.ics')
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')

    await expect(page.getByRole('heading', { name: 'Full Calendar' })).toHaveCount(0)
    await expect(page.locator('iframe')).toHaveCount(0)
    await screenshots(page, 'listing-calendar')
  })

  test('the Full Calendar frame appears only for a calendar-service URL, and the page is allowed to frame it', async ({ page }) => {
    const original = onDemoDatabase(
      (database) => (database.prepare("select content from sections where key = 'calendar.google'").get() as { content: string }).content,
    )
    const setCalendarUrl = (url: string) =>
      onDemoDatabase((database) =>
        database.prepare("update sections set content = ? where key = 'calendar.google'").run(JSON.stringify({ url })),
      )
    // The test machine is offline: the calendar service answers from here.
    await page.route('https://calendar.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Calendar</title><p>Embedded school calendar</p>' }),
    )
    try {
      const embedUrl = 'https://calendar.google.com/calendar/embed?src=school%40example.org&ctz=America%2FNew_York'
      setCalendarUrl(embedUrl)
      await page.goto('/calendar')
      await expect(page.getByRole('heading', { level: 2, name: 'Full Calendar' })).toBeVisible()
      const frame = page.getByTitle('Full Calendar')
      await expect(frame).toHaveAttribute('src', embedUrl)
      await frame.scrollIntoViewIfNeeded()
      await expect(page.frameLocator('iframe[title="Full Calendar"]').getByText('Embedded school calendar')).toBeVisible()
      await screenshots(page, 'listing-calendar-full-calendar')

      setCalendarUrl('https://calendar.example.org/embed')
      await page.goto('/calendar')
      await expect(page.getByRole('heading', { level: 1, name: 'School Calendar' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Full Calendar' })).toHaveCount(0)
      await expect(page.locator('iframe')).toHaveCount(0)
    } finally {
      onDemoDatabase((database) => database.prepare("update sections set content = ? where key = 'calendar.google'").run(original))
    }
  })
})

test('an empty site says so on the blog, policies and calendar pages', async ({ page }) => {
  await page.goto(`${EMPTY_SITE_URL}/blogs`)
  await expect(page.getByText('No blog posts yet.', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: /Read More/ })).toHaveCount(0)
  await screenshots(page, 'listing-empty-blogs')

  await page.goto(`${EMPTY_SITE_URL}/policies`)
  await expect(page.getByText('No policies available yet.', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: /Download PDF/ })).toHaveCount(0)
  await screenshots(page, 'listing-empty-policies')

  await page.goto(`${EMPTY_SITE_URL}/calendar`)
  await expect(page.getByText('No upcoming events.', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Full Calendar' })).toHaveCount(0)
  await expect(page.locator('iframe')).toHaveCount(0)
  expect((await jsonLdBlocks(page)).filter((block) => '@graph' in block)).toEqual([])
  await screenshots(page, 'listing-empty-calendar')
})

test("the first screen's images load at once: /blogs's first cover first, /gallery's first row of album covers", async ({ request }) => {
  const covers = [...(await (await request.get('/blogs')).text()).matchAll(/<img [^>]*>/g)].map((match) => match[0]).filter((image) => image.includes('aspect-video'))
  expect(covers.length).toBeGreaterThan(1)
  expect(covers[0]).toContain('loading="eager"')
  expect(covers[0]).toContain('fetchPriority="high"')
  expect(covers.slice(1).every((image) => image.includes('loading="lazy"') && !image.includes('fetchPriority'))).toBe(true)

  const gallery = await (await request.get('/gallery')).text()
  const albums = gallery.slice(gallery.indexOf('id="albums-heading"'), gallery.indexOf('All photos'))
  const albumCovers = [...albums.matchAll(/<img [^>]*>/g)].map((match) => match[0])
  expect(albumCovers.length).toBeGreaterThan(0)
  expect(albumCovers.every((image) => image.includes('loading="eager"'))).toBe(true)
})
