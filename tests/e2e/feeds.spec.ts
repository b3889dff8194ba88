import { XMLValidator } from 'fast-xml-parser'
import ICAL from 'ical.js'
import { parseFeedXml, type RssItem } from '#tests/setup/feed-xml.ts'
import { expect, test } from './fixtures.ts'
import { DEMO_SITE_URL, EMPTY_SITE_URL } from './sites.ts'

/** The demo posts, newest first (app/services/seed/seed.ts). */
const DEMO_POSTS = [
  { slug: 'welcome-back', title: 'Welcome Back to a New School Year' },
  { slug: 'science-week-highlights', title: 'Science Week Highlights' },
  { slug: 'our-new-school-garden', title: 'Our New School Garden' },
]
/** The demo events, by start date. */
const DEMO_EVENTS = ['Parents Evening', 'Sports Day', 'Winter Concert', 'Half-Term Break']
const PUBLIC_PAGES = ['/', '/gallery', '/blogs', '/calendar', '/policies', '/contact']
/** The school's own demo pages (app/services/seed/demo-pages.ts), at their addresses. */
const DEMO_PAGES = ['/term-dates', '/admissions', '/admissions/open-days', '/uniform', '/contact-us']
/** The demo events' own pages. */
const DEMO_EVENT_PAGES = ['/calendar/parents-evening', '/calendar/sports-day', '/calendar/winter-concert', '/calendar/half-term-break']
const DEMO_POLICY_PAGES = ['/policies/safeguarding-policy', '/policies/behaviour-policy', '/policies/admissions-policy']
/** The demo's published albums with photos ('staff-room' is not for external use). */
const DEMO_ALBUM_PAGES = ['/gallery/events', '/gallery/general']

function parseCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[])
  // Times are on the school's clocks: ical.js reads them with the feed's own VTIMEZONE.
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone))
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
}

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
  expect(events.map((event) => event.summary)).toEqual(DEMO_EVENTS)
  expect(new Set(events.map((event) => event.uid)).size).toBe(DEMO_EVENTS.length)
  for (const event of events) expect(event.uid).toMatch(/@localhost$/)
  const parentsEvening = events[0]
  expect(parentsEvening?.description).toBe('Meet your child’s teachers to talk about progress.')
  // Seeded at 16:00–19:00 on the school's clocks (the e2e sites run in New York): written on those clocks.
  expect(body).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T160000/)
  expect(body).toContain('BEGIN:VTIMEZONE')
  const newYorkTime = (date: Date) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' }).format(date)
  expect(newYorkTime(parentsEvening!.startDate.toJSDate())).toBe('16:00')
  expect(newYorkTime(parentsEvening!.endDate.toJSDate())).toBe('19:00')
  // The break was entered as dates: an all-day event through its last day.
  const halfTerm = events.find((event) => event.summary === 'Half-Term Break')!
  expect(halfTerm.startDate.isDate).toBe(true)
  expect(halfTerm.endDate.isDate).toBe(true)
  expect(halfTerm.endDate.toJSDate().getTime() - halfTerm.startDate.toJSDate().getTime()).toBe(5 * 24 * 60 * 60 * 1000)
})

test('the sitemap lists every public page and post, and each of them answers', async ({ request }) => {
  const response = await request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8')
  const body = await response.text()
  expect(XMLValidator.validate(body)).toBe(true)
  const urls = parseFeedXml(body).urlset.url ?? []
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

  const sitemap = await request.get(`${EMPTY_SITE_URL}/sitemap.xml`)
  const locs = (parseFeedXml(await sitemap.text()).urlset.url ?? []).map((url) => url.loc)
  expect(locs).toEqual(PUBLIC_PAGES.map((path) => `${EMPTY_SITE_URL}${path}`))
})
