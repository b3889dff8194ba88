import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { XMLValidator } from 'fast-xml-parser'
import ICAL from 'ical.js'
import { describe, expect, test } from 'vitest'
import type { BlogPost } from '#app/domain/blog/blog.ts'
import type { SchoolEvent } from '#app/domain/event/event.ts'
import { buildICalendar } from '#app/services/feeds/icalendar.ts'
import { buildRobotsTxt } from '#app/services/feeds/robots.ts'
import { buildBlogRss } from '#app/services/feeds/blog-feeds.ts'
import { buildSitemap, sitemapBody, sitemapStream } from '#app/services/feeds/sitemap.ts'
import { parseFeedXml } from '#tests/setup/feed-xml.ts'

const SITE = 'https://school.example'
const NOW = new Date('2027-02-01T12:00:00Z')


function post(overrides: Partial<BlogPost>): BlogPost {
  return {
    id: 'post-1',
    status: 'published',
    slug: 'first-post',
    title: 'First post',
    content: '<p>Hello</p>',
    excerpt: 'An excerpt',
    coverImage: null,
    coverAlt: '',
    coverDecorative: false,
    coverFocal: { x: 0.5, y: 0.5 },
    publishedAt: '2027-01-10T09:00:00.000Z',
    updatedAt: '2027-01-10T09:00:00.000Z',
    ...overrides,
  }
}

function schoolEvent(overrides: Partial<SchoolEvent>): SchoolEvent {
  return {
    id: 'event-1',
    status: 'published',
    slug: 'event',
    title: 'Event',
    description: null,
    startDate: '2027-03-01T15:00:00.000Z',
    endDate: null,
    imageUrl: null,
    allDay: false,
    location: null,
    mapUrl: null,
    category: null,
    recurrence: null,
    exceptions: [],
    ...overrides,
  }
}

function parseRss(text: string) {
  expect(XMLValidator.validate(text)).toBe(true)
  const channel = parseFeedXml(text).rss.channel
  return { channel, items: channel.item ?? [] }
}

describe('buildBlogRss', () => {
  const posts = [
    post({ id: 'older', slug: 'older-post', title: 'Older post', publishedAt: '2027-01-05T08:30:00.000Z', updatedAt: '2027-01-20T10:00:00.000Z' }),
    post({
      id: 'newer',
      slug: 'newer-post',
      title: 'Fish & chips <night> at the "school"',
      excerpt: null,
      content: `<p>${'Long text. '.repeat(30)}</p>`,
      coverImage: '/files/blogs/cover.webp',
      publishedAt: '2027-01-15T18:45:00.000Z',
      updatedAt: '2027-01-15T18:45:00.000Z',
    }),
  ]

  test('the channel names the school, links to /blogs and points to itself with atom:link', () => {
    const { channel } = parseRss(buildBlogRss({ siteUrl: SITE, schoolName: 'Hill School', description: 'News from the hill', posts, now: NOW }))
    expect(channel.title).toBe('Hill School')
    expect(channel.link).toBe(`${SITE}/blogs`)
    expect(channel.description).toBe('News from the hill')
    expect(channel['atom:link']).toMatchObject({ '@_href': `${SITE}/blogs/rss.xml`, '@_rel': 'self', '@_type': 'application/rss+xml' })
    // The latest change among the posts: the older post was edited after the newer one was published.
    expect(channel.lastBuildDate).toBe('Wed, 20 Jan 2027 10:00:00 GMT')
  })

  test('items come newest first, with absolute links, permalink guids and RFC 822 dates', () => {
    const { items } = parseRss(buildBlogRss({ siteUrl: SITE, schoolName: 'Hill School', description: 'd', posts, now: NOW }))
    expect(items.map((item) => item.link)).toEqual([`${SITE}/blogs/newer-post`, `${SITE}/blogs/older-post`])
    for (const item of items) {
      expect(item.guid).toEqual({ '#text': item.link, '@_isPermaLink': 'true' })
      expect(item.pubDate).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/)
    }
    expect(items.map((item) => item.pubDate)).toEqual(['Fri, 15 Jan 2027 18:45:00 GMT', 'Tue, 05 Jan 2027 08:30:00 GMT'])
  })

  test('descriptions are the excerpt, or the first 150 characters of the text and "..."', () => {
    const { items } = parseRss(buildBlogRss({ siteUrl: SITE, schoolName: 'S', description: 'd', posts, now: NOW }))
    expect(items[0]?.description).toBe(`${'Long text. '.repeat(30).slice(0, 150)}...`)
    expect(items[1]?.description).toBe('An excerpt')
  })

  test('a cover image becomes an absolute image enclosure; a malformed one is left out', () => {
    const withBadCover = [...posts, post({ id: 'bad', slug: 'bad-cover', coverImage: 'http://', publishedAt: '2027-01-01T00:00:00.000Z' })]
    const { items } = parseRss(buildBlogRss({ siteUrl: SITE, schoolName: 'S', description: 'd', posts: withBadCover, now: NOW }))
    expect(items[0]?.enclosure).toMatchObject({ '@_url': `${SITE}/files/blogs/cover.webp`, '@_type': 'image/webp' })
    expect(items[2]?.link).toBe(`${SITE}/blogs/bad-cover`)
    expect(items[2]?.enclosure).toBeUndefined()
  })

  test('& < > and quotes are escaped, and characters XML cannot carry are dropped', () => {
    const text = buildBlogRss({
      siteUrl: SITE,
      schoolName: 'A & B <Academy>\u0007',
      description: 'Bell\u0000 rings\u001F',
      posts,
      now: NOW,
    })
    expect(text).toContain('<title>A &amp; B &lt;Academy&gt;</title>')
    // Item titles are CDATA sections: the same text, escaped another way.
    expect(text).toContain('<title><![CDATA[Fish & chips <night> at the "school"]]></title>')
    // eslint-disable-next-line no-control-regex -- proving control characters are gone is the point
    expect(text).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/)
    const { channel, items } = parseRss(text)
    expect(channel.title).toBe('A & B <Academy>')
    expect(channel.description).toBe('Bell rings')
    expect(items[0]?.title).toBe('Fish & chips <night> at the "school"')
  })

  test('with no posts the feed is still valid and dated when it was built', () => {
    const { channel, items } = parseRss(buildBlogRss({ siteUrl: SITE, schoolName: 'S', description: 'd', posts: [], now: NOW }))
    expect(items).toEqual([])
    expect(channel.lastBuildDate).toBe(NOW.toUTCString())
  })
})

function parseCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[])
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) }
}

function calendarOf(events: SchoolEvent[], timeZone = 'America/New_York') {
  return buildICalendar({ siteUrl: SITE, calendarName: 'Hill School', timeZone, events, now: NOW })
}

/** The raw content lines after unfolding (RFC 5545, section 3.1). */
function unfoldedLines(ics: string) {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n')
}

describe('buildICalendar', () => {
  test('each event has its UID, a UTC DTSTAMP and a link to its page', () => {
    const ics = calendarOf([schoolEvent({ id: 'a1', slug: 'open-day' }), schoolEvent({ id: 'b2', slug: 'open-day' })])
    const { calendar, events } = parseCalendar(ics)
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Hill School')
    expect(events.map((event) => event.uid)).toEqual(['a1@school.example', 'b2@school.example'])
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2027-02-01T12:00:00Z')
      expect(vevent.getFirstPropertyValue('url')).toBe(`${SITE}/calendar/open-day`)
    }
  })

  test('commas, semicolons, backslashes and newlines in the title and description round-trip', () => {
    const title = 'Bake sale, cakes; drinks\nand a \\ backslash'
    const description = 'Line one\r\nLine two, with; punctuation\rand three'
    const { events } = parseCalendar(calendarOf([schoolEvent({ title, description })]))
    expect(events[0]?.summary).toBe(title)
    expect(events[0]?.description).toBe('Line one\nLine two, with; punctuation\nand three')
  })

  test('timed events are written on the school\'s clocks, with its VTIMEZONE', () => {
    const ics = calendarOf([schoolEvent({ startDate: '2027-03-14T15:00:00.000Z', endDate: '2027-03-14T17:30:00.000Z' })])
    const lines = unfoldedLines(ics)
    expect(lines).toContain('DTSTART;TZID=America/New_York:20270314T110000')
    expect(lines).toContain('DTEND;TZID=America/New_York:20270314T133000')
    expect(lines).toContain('BEGIN:VTIMEZONE')
    expect(lines).toContain('TZID:America/New_York')
    const event = parseCalendar(ics).events[0]
    expect(event?.startDate.isDate).toBe(false)
    expect(event?.startDate.toJSDate().toISOString()).toBe('2027-03-14T15:00:00.000Z')
    expect(event?.endDate.toJSDate().toISOString()).toBe('2027-03-14T17:30:00.000Z')
  })

  test('a timed event whose end is not after its start has no DTEND', () => {
    const lines = unfoldedLines(calendarOf([schoolEvent({ startDate: '2027-03-14T15:00:00.000Z', endDate: '2027-03-14T14:00:00.000Z' })]))
    expect(lines).toContain('DTSTART;TZID=America/New_York:20270314T110000')
    expect(lines.some((line) => line.startsWith('DTEND'))).toBe(false)
  })

  // Each start (and end) is midnight in its zone; DTEND is the day after the last day.
  const allDayCases = [
    { zone: 'America/New_York', what: 'across the March DST change', start: '2027-03-13T05:00:00.000Z', end: '2027-03-15T04:00:00.000Z', dates: ['2027-03-13', '2027-03-16'] },
    { zone: 'Europe/London', what: 'across the March DST change', start: '2027-03-27T00:00:00.000Z', end: '2027-03-28T23:00:00.000Z', dates: ['2027-03-27', '2027-03-30'] },
    { zone: 'Europe/London', what: 'one day, on the October DST change', start: '2027-10-30T23:00:00.000Z', end: null, dates: ['2027-10-31', '2027-11-01'] },
    { zone: 'Asia/Tokyo', what: 'one day, a different date in UTC', start: '2026-12-31T15:00:00.000Z', end: null, dates: ['2027-01-01', '2027-01-02'] },
    { zone: 'Pacific/Auckland', what: 'across the April DST change', start: '2027-04-03T11:00:00.000Z', end: '2027-04-04T12:00:00.000Z', dates: ['2027-04-04', '2027-04-06'] },
    { zone: 'Pacific/Auckland', what: 'starting and ending on the same day', start: '2027-01-09T11:00:00.000Z', end: '2027-01-09T11:00:00.000Z', dates: ['2027-01-10', '2027-01-11'] },
  ]
  test.each(allDayCases)('all-day in $zone, $what: VALUE=DATE with an exclusive end', ({ zone, start, end, dates }) => {
    const ics = calendarOf([schoolEvent({ startDate: start, endDate: end })], zone)
    const compact = dates.map((date) => date.replaceAll('-', ''))
    const lines = unfoldedLines(ics)
    expect(lines).toContain(`DTSTART;VALUE=DATE:${compact[0]}`)
    expect(lines).toContain(`DTEND;VALUE=DATE:${compact[1]}`)
    const event = parseCalendar(ics).events[0]
    expect(event?.startDate.isDate).toBe(true)
    expect(event?.endDate.isDate).toBe(true)
    expect([event?.startDate.toString(), event?.endDate.toString()]).toEqual(dates)
  })

  test('midnight in another zone than the school’s is an ordinary timed event', () => {
    const lines = unfoldedLines(calendarOf([schoolEvent({ startDate: '2027-03-13T05:00:00.000Z', endDate: null })], 'Europe/London'))
    expect(lines).toContain('DTSTART;TZID=Europe/London:20270313T050000')
  })

  test('a start at midnight with an end during the day is timed', () => {
    const lines = unfoldedLines(calendarOf([schoolEvent({ startDate: '2027-03-13T05:00:00.000Z', endDate: '2027-03-13T07:00:00.000Z' })]))
    expect(lines).toContain('DTSTART;TZID=America/New_York:20270313T000000')
    expect(lines).toContain('DTEND;TZID=America/New_York:20270313T020000')
  })

  test('an event marked all-day is written as dates, whatever its times', () => {
    const lines = unfoldedLines(calendarOf([schoolEvent({ allDay: true, startDate: '2027-03-13T05:00:00.000Z', endDate: null })]))
    expect(lines).toContain('DTSTART;VALUE=DATE:20270313')
    expect(lines).toContain('DTEND;VALUE=DATE:20270314')
  })

  test('lines end in CRLF and fold at 75 octets without splitting characters; unfolding restores the text', () => {
    const title = `Fête de l’école 🎉🎒 — ${'élèves, 子ども, 👩‍👩‍👧 '.repeat(8)}`.trim()
    const description = 'Ä'.repeat(200)
    const ics = calendarOf([schoolEvent({ title, description })])
    expect(ics.endsWith('\r\n')).toBe(true)
    expect(ics).not.toMatch(/\r(?!\n)|(?<!\r)\n/)
    const lines = ics.slice(0, -2).split('\r\n')
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
      expect(line.isWellFormed()).toBe(true)
    }
    const summaryLines = lines.slice(lines.findIndex((line) => line.startsWith('SUMMARY:')))
    expect(summaryLines[1]?.startsWith(' ')).toBe(true)
    const event = parseCalendar(ics).events[0]
    expect(event?.summary).toBe(title)
    expect(event?.description).toBe(description)
  })

  // The writer's exact bytes for one of each kind of event, in a zone with DST: any change to how dates are
  // worked out (or to the library writing them) shows here, before a subscriber's calendar app sees it.
  test('a mixed calendar is written byte for byte as pinned', () => {
    const sport = { id: 'cat-1', name: 'Sport', slug: 'sport', colour: 'green', position: 0 } as const
    const events = [
      schoolEvent({ id: 'timed', slug: 'concert', title: 'Spring concert', description: 'In the hall, with; punctuation', location: 'Main hall', category: sport, startDate: '2027-03-10T23:00:00.000Z', endDate: '2027-03-11T01:00:00.000Z' }),
      schoolEvent({ id: 'dst-day', slug: 'clocks-change', title: 'Overnight on the clocks change', startDate: '2027-03-13T20:00:00.000Z', endDate: '2027-03-14T20:00:00.000Z' }),
      schoolEvent({ id: 'dst-back', slug: 'fall-back', title: 'Across the hour that happens twice', startDate: '2027-11-07T05:30:00.000Z', endDate: '2027-11-07T07:30:00.000Z' }),
      schoolEvent({ id: 'all-day', slug: 'inset', title: 'Inset day', startDate: '2027-03-01T05:00:00.000Z', endDate: null }),
      schoolEvent({ id: 'multi-day', slug: 'trip', title: 'Residential trip', startDate: '2027-03-13T05:00:00.000Z', endDate: '2027-03-15T04:00:00.000Z' }),
      schoolEvent({ id: 'marked', slug: 'sports-day', title: 'Sports day', allDay: true, startDate: '2027-06-01T13:00:00.000Z', endDate: '2027-06-02T15:00:00.000Z' }),
      schoolEvent({ id: 'weekly', slug: 'choir', title: 'Choir', startDate: '2027-03-01T13:30:00.000Z', endDate: '2027-03-01T14:30:00.000Z', recurrence: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20270405', exceptions: ['2027-03-15', '2027-03-22'] }),
      schoolEvent({ id: 'daily', slug: 'book-week', title: 'Book week', startDate: '2027-03-08T05:00:00.000Z', endDate: null, recurrence: 'FREQ=DAILY;COUNT=5', exceptions: ['2027-03-10'] }),
      schoolEvent({ id: 'backwards', slug: 'typo', title: 'Ends before it starts', startDate: '2027-04-01T15:00:00.000Z', endDate: '2027-04-01T14:00:00.000Z' }),
      schoolEvent({ id: 'midnight', slug: 'night', title: 'From midnight', startDate: '2027-04-02T04:00:00.000Z', endDate: '2027-04-02T06:15:30.000Z' }),
    ]
    const pinned = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/mixed-calendar.ics'), 'utf8')
    expect(calendarOf(events)).toBe(pinned)
  })

  test('a calendar with no events still parses', () => {
    const { calendar, events } = parseCalendar(calendarOf([]))
    expect(events).toEqual([])
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
  })
})

describe('buildSitemap', () => {
  test('lists absolute, escaped locations with their last change', async () => {
    const text = await buildSitemap(SITE, [
      { path: '/' },
      { path: '/blogs' },
      { path: '/blogs/fish%20%26%20chips', lastModified: '2027-01-20T10:00:00.000Z' },
    ])
    expect(XMLValidator.validate(text)).toBe(true)
    const urlset = parseFeedXml(text).urlset
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    expect(urlset.url).toEqual([
      { loc: `${SITE}/` },
      { loc: `${SITE}/blogs` },
      { loc: `${SITE}/blogs/fish%20%26%20chips`, lastmod: '2027-01-20T10:00:00.000Z' },
    ])
    for (const { loc } of urlset.url ?? []) expect(new URL(loc).origin).toBe(SITE)
  })
})

describe('sitemapBody', () => {
  test('sends the sitemap in pieces of about 16 KB, not a piece per tag', async () => {
    const entries = Array.from({ length: 5_000 }, (_, n) => ({ path: `/blogs/term-news-${n}`, lastModified: '2027-01-20T10:00:00.000Z' }))
    const pieces: Uint8Array[] = []
    for await (const piece of sitemapBody(sitemapStream(SITE, entries))) pieces.push(piece)
    expect(Buffer.concat(pieces).toString('utf8')).toBe(await buildSitemap(SITE, entries))
    // Each piece is a write through the response's compression: one per tag made 20,000 of them.
    for (const piece of pieces.slice(0, -1)) expect(piece.byteLength).toBeGreaterThanOrEqual(16 * 1024)
    expect(pieces.length).toBeLessThanOrEqual(Math.ceil(Buffer.concat(pieces).byteLength / (16 * 1024)))
  })

  test('a failure of the sitemap stream ends the body in an error, not in a body that never ends', async () => {
    const failing = new Readable({
      read() {
        this.push('<urlset>')
        this.destroy(new Error('disk gone'))
      },
    })
    const read = async () => {
      for await (const piece of sitemapBody(failing)) expect(piece).toBeDefined()
    }
    await expect(read()).rejects.toThrow('disk gone')
  })
})

describe('buildRobotsTxt', () => {
  test('allows the public site, keeps crawlers out of the staff area and points to the sitemap', () => {
    expect(buildRobotsTxt(SITE).split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /auth',
      'Disallow: /api/',
      '',
      `Sitemap: ${SITE}/sitemap.xml`,
      '',
    ])
  })
})
