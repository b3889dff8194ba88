import { XMLValidator } from 'fast-xml-parser'
import ICAL from 'ical.js'
import { parseFeedXml, sitemapEntries, type RssItem } from '#tests/setup/feed-xml.ts'
import { DEMO_EVENTS, DEMO_EVENT_PAGES, SCHOOL_TIME_ZONE, feedOccurrences, parseCalendar } from './demo-calendar.ts'
import { expect, test } from './fixtures.ts'
import { DEMO_SITE_URL, EMPTY_SITE_URL } from './sites.ts'

/** The demo posts, newest first (app/services/seed/seed.ts). */
const DEMO_POSTS = [
  { slug: 'welcome-back', title: 'Welcome Back to a New School Year' },
  { slug: 'science-week-highlights', title: 'Science Week Highlights' },
  { slug: 'our-new-school-garden', title: 'Our New School Garden' },
]
const PUBLIC_PAGES = ['/', '/gallery', '/blogs', '/calendar', '/policies', '/contact']
/** The school's own demo pages (app/services/seed/demo-pages.ts), at their addresses. */
const DEMO_PAGES = ['/term-dates', '/admissions', '/admissions/open-days', '/uniform', '/contact-us']
const DEMO_POLICY_PAGES = ['/policies/safeguarding-policy', '/policies/behaviour-policy', '/policies/admissions-policy']
/** The demo's published albums with photos ('staff-room' is not for external use). */
const DEMO_ALBUM_PAGES = ['/gallery/events', '/gallery/general']

test('the blog RSS feed lists the demo posts, newest first, with absolute links', async ({ request }) => {
  const response = await request.get('/blogs/rss.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8')
  expect(response.headers()['cache-control']).toBe('public, max-age=300')
  const body = await response.text()
  expect(XMLValidator.validate(body)).toBe(true)
  const channel = parseFeedXml(body).rss.channel
  expect(channel.title).toBe('Our School')
  expect(channel.link).toBe(`${DEMO_SITE_URL}/blogs`)
  expect(channel.description).toMatch(/^Our school has served families/)
  expect(channel['atom:link']['@_href']).toBe(`${DEMO_SITE_URL}/blogs/rss.xml`)
  const items: RssItem[] = channel.item ?? []
  expect(items.map(({ title, link }) => ({ title, link }))).toEqual(
    DEMO_POSTS.map(({ slug, title }) => ({ title, link: `${DEMO_SITE_URL}/blogs/${slug}` })),
  )
  for (const item of items) {
    expect(item.guid['#text']).toBe(item.link)
    expect(new Date(item.pubDate).toUTCString()).toBe(item.pubDate)
  }
})

test('the blogs page announces the RSS, Atom and JSON feeds to browsers and feed readers', async ({ request }) => {
  const html = await (await request.get('/blogs')).text()
  for (const type of ['application/rss+xml', 'application/atom+xml', 'application/feed+json']) {
    const feedLinks = (html.match(/<link\b[^>]*>/g) ?? []).filter((tag) => tag.includes('rel="alternate"') && tag.includes(`type="${type}"`))
    expect(feedLinks, type).toHaveLength(1)
    const href = feedLinks[0]?.match(/href="([^"]+)"/)?.[1] ?? ''
    const feed = await request.get(new URL(href, `${DEMO_SITE_URL}/blogs`).href)
    expect(feed.status()).toBe(200)
    expect(feed.headers()['content-type']).toBe(`${type}; charset=utf-8`)
    expect(await feed.text()).toContain(`${DEMO_SITE_URL}/blogs/${DEMO_POSTS[0]!.slug}`)
  }
})

test('the iCalendar feed carries the demo events and is served for subscription', async ({ request }) => {
  const response = await request.get('/calendar.ics')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  expect(response.headers()['content-disposition']).toBe('inline; filename="calendar.ics"')
  const body = await response.text()
  expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/)
  const events = parseCalendar(body)
  // Each event once, by the start of its first date; where the coffee morning falls depends on the month.
  expect(events.map((event) => event.summary).sort()).toEqual([...DEMO_EVENTS].sort())
  const firstStarts = events.map((event) => event.startDate.toJSDate().getTime())
  expect([...firstStarts].sort((a, b) => a - b)).toEqual(firstStarts)
  expect(new Set(events.map((event) => event.uid)).size).toBe(DEMO_EVENTS.length)
  for (const event of events) expect(event.uid).toMatch(/@localhost$/)
  const parentsEvening = events.find((event) => event.summary === 'Parents Evening')!
  expect(parentsEvening.description).toBe('Meet your child’s teachers to talk about progress.')
  expect(parentsEvening.location).toBe('Main hall')
  // Seeded at 16:00–19:00 on the school's clocks (the e2e sites run in New York): written on those clocks.
  expect(body).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T160000/)
  expect(body).toContain('BEGIN:VTIMEZONE')
  const newYorkTime = (date: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: SCHOOL_TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(date)
  expect(newYorkTime(parentsEvening.startDate.toJSDate())).toBe('16:00')
  expect(newYorkTime(parentsEvening.endDate.toJSDate())).toBe('19:00')
  // The break was entered as dates: an all-day event through its last day.
  const halfTerm = events.find((event) => event.summary === 'Half-Term Break')!
  expect(halfTerm.startDate.isDate).toBe(true)
  expect(halfTerm.endDate.isDate).toBe(true)
  expect(halfTerm.endDate.toJSDate().getTime() - halfTerm.startDate.toJSDate().getTime()).toBe(5 * 24 * 60 * 60 * 1000)
  const inset = events.find((event) => event.summary === 'INSET Day')!
  expect(inset.startDate.isDate).toBe(true)
  expect([halfTerm, inset].map((event) => event.startDate.dayOfWeek())).toEqual([ICAL.Time.MONDAY, ICAL.Time.MONDAY])

  // The series, expanded by ical.js from their RRULE and EXDATE: the seed's rules.
  const occurrences = await feedOccurrences(request)
  const halfTermDates = occurrences.filter((occurrence) => occurrence.title === 'Half-Term Break').map((occurrence) => occurrence.date)
  const inHalfTerm = (date: string) => date >= halfTermDates[0]! && date <= halfTerm.endDate.toString().slice(0, 10)
  const datesOf = (title: string) => occurrences.filter((occurrence) => occurrence.title === title).map((occurrence) => occurrence.date)
  const dayOfWeek = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay()
  const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / (24 * 60 * 60 * 1000)
  // Swimming: twelve Tuesdays a week apart, less the one in half-term.
  const swimming = datesOf('Swimming — Year 4')
  expect(swimming).toHaveLength(11)
  expect(swimming.every((date) => dayOfWeek(date) === 2 && !inHalfTerm(date))).toBe(true)
  const gaps = swimming.slice(1).map((date, index) => daysBetween(swimming[index]!, date))
  expect(gaps.filter((gap) => gap === 14)).toHaveLength(1)
  expect(gaps.filter((gap) => gap === 7)).toHaveLength(9)
  const skipped = new Date(Date.parse(swimming[gaps.indexOf(14)]!) + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
  expect(inHalfTerm(skipped)).toBe(true)
  expect(body).toMatch(new RegExp(`EXDATE;TZID=America/New_York:${skipped.replaceAll('-', '')}T133000`))
  // The coffee morning: the first Friday of six months in a row, less one that falls in half-term.
  const coffee = datesOf('Coffee Morning')
  expect(coffee.every((date) => dayOfWeek(date) === 5 && Number(date.slice(8)) <= 7 && !inHalfTerm(date))).toBe(true)
  const firstFriday = (year: number, monthIndex: number) => {
    const first = new Date(Date.UTC(year, monthIndex, 1))
    return new Date(Date.UTC(year, monthIndex, 1 + ((12 - first.getUTCDay()) % 7))).toISOString().slice(0, 10)
  }
  const coffeeStart = events.find((event) => event.summary === 'Coffee Morning')!.startDate
  const sixMonths = [0, 1, 2, 3, 4, 5].map((n) => firstFriday(coffeeStart.year, coffeeStart.month - 1 + n))
  expect(sixMonths[0]).toBe(coffeeStart.toString().slice(0, 10))
  expect(coffee).toEqual(sixMonths.filter((date) => !inHalfTerm(date)))
})

test('the sitemap lists every public page and post, and each of them answers', async ({ request }) => {
  const response = await request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8')
  const body = await response.text()
  expect(XMLValidator.validate(body)).toBe(true)
  // The sitemap is an index of files by kind (docs/product-rules.md#feeds-and-search-engines).
  expect(parseFeedXml(body).sitemapindex.sitemap?.length).toBeGreaterThan(0)
  const urls = await sitemapEntries(request, DEMO_SITE_URL)
  expect(urls.map((url) => url.loc).sort()).toEqual(
    [...PUBLIC_PAGES, ...DEMO_PAGES, ...DEMO_EVENT_PAGES, ...DEMO_POLICY_PAGES, ...DEMO_ALBUM_PAGES, ...DEMO_POSTS.map(({ slug }) => `/blogs/${slug}`)].map((path) => `${DEMO_SITE_URL}${path}`).sort(),
  )
  for (const url of urls) {
    const path = new URL(url.loc).pathname
    expect(path.startsWith('/blogs/') || DEMO_PAGES.includes(path) || DEMO_POLICY_PAGES.includes(path), url.loc).toBe(url.lastmod !== undefined)
    expect((await request.get(url.loc)).status(), url.loc).toBe(200)
  }
})

test('robots.txt allows the public site, keeps out the staff area and names the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8')
  const lines = (await response.text()).split('\n')
  expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /auth', 'Disallow: /api/']))
  expect(lines).toContain(`Sitemap: ${DEMO_SITE_URL}/sitemap.xml`)
})

test('a site without content still serves valid, empty feeds', async ({ request }) => {
  const rss = await request.get(`${EMPTY_SITE_URL}/blogs/rss.xml`)
  expect(rss.status()).toBe(200)
  const rssBody = await rss.text()
  expect(XMLValidator.validate(rssBody)).toBe(true)
  expect(parseFeedXml(rssBody).rss.channel.item).toBeUndefined()

  const ics = await request.get(`${EMPTY_SITE_URL}/calendar.ics`)
  expect(ics.status()).toBe(200)
  expect(parseCalendar(await ics.text())).toEqual([])

  const locs = (await sitemapEntries(request, EMPTY_SITE_URL)).map((url) => url.loc)
  expect(locs).toEqual(PUBLIC_PAGES.map((path) => `${EMPTY_SITE_URL}${path}`))
})
