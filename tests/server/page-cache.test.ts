import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { gunzipSync, gzipSync } from 'node:zlib'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { cookieFrom, readEvents, signIn, startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { createTestDatabase } from '#tests/setup/postgres-global.ts'

/*
 * The page cache (docs/product-rules.md#page-cache): anonymous visitors get
 * public pages from memory, and a write, a scheduled post going live and an
 * alert's start show on the next request on every instance; staff always get
 * their own render; the anonymous forms' rules hold on a cached page.
 */
const ADMIN = { ADMIN_EMAIL: 'head@school.test', ADMIN_PASSWORD: 'head-teacher-password' }
const FILL_TIME_MS = 3_100
/** Longer than the cache waits between two looks at the SQLite file for writes made outside its process. */
const OUTSIDE_CHECK_MS = 150

let a: AppProcess
let b: AppProcess
let small: AppProcess
let databaseUrl: string
let adminCookie: string

beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject('postgresAdminUrl'))
  const shared = { ...ADMIN, DATABASE_URL: databaseUrl, AUTH_SECRET: 'shared-secret-of-all-instances-0123456789' }
  ;[a, b] = await Promise.all([startApp(shared), startApp(shared)])
  // One megabyte: a few dozen pages fill it. The tests' visitors are told apart by X-Forwarded-For.
  small = await startApp({ ...ADMIN, PAGE_CACHE_MB: '1', TRUST_PROXY: 'loopback' })
  adminCookie = (await signIn(a, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).cookie
})

afterAll(async () => {
  await Promise.all([a, b, small].filter(Boolean).map((app) => app.stop()))
})

async function get(app: AppProcess, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}${path}`, { headers })
  return { status: response.status, cache: response.headers.get('x-cache'), headers: response.headers, html: await response.text() }
}

/**
 * The page as an anonymous visitor gets it again and again: from the cache at the latest once every worker
 * process the requests reach has rendered it (each keeps its own cache; with one process, the second time).
 */
async function cached(app: AppProcess, path: string) {
  await get(app, path)
  let page = await get(app, path)
  await expect.poll(async () => {
    if (page.cache !== 'hit') page = await get(app, path)
    return page.cache
  }).toBe('hit')
  return page
}

async function publishPost(app: AppProcess, title: string) {
  const form = new FormData()
  for (const [name, value] of Object.entries({ intent: 'create', title, slug: title.toLowerCase().replace(/\W+/g, '-'), content: `<p>${title} in the hall.</p>`, excerpt: `${title} in the hall.` })) form.append(name, value)
  const response = await fetch(`${app.url}/admin/blogs`, { method: 'POST', body: form, headers: { cookie: adminCookie, origin: app.url } })
  expect(response.status).toBe(200)
}

async function publishEvent(app: AppProcess, title: string) {
  const form = new FormData()
  for (const [name, value] of Object.entries({ intent: 'create', title, startDate: '2030-05-20T18:00', endDate: '2030-05-20T20:00', publication: 'published' })) form.append(name, value)
  const response = await fetch(`${app.url}/admin/events`, { method: 'POST', body: form, headers: { cookie: adminCookie, origin: app.url } })
  expect(response.status).toBe(200)
}

/** Written as another instance would write it: the row, then its change on the shared channel. */
async function writeElsewhere(statement: string, values: unknown[], change: { table: string; type: string; id: string }) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(statement, values)
    await client.query('select pg_notify($1, $2)', ['school_changes', JSON.stringify({ ...change, origin: 'another-instance' })])
  } finally {
    await client.end()
  }
}

describe('two instances on one PostgreSQL', () => {
  test('a post published on one instance shows on the next request on both', async () => {
    for (const app of [a, b]) expect((await cached(app, '/blogs')).html).not.toContain('Harvest Fair')
    await publishPost(a, 'Harvest Fair')
    for (const app of [a, b]) {
      const page = await get(app, '/blogs')
      expect(page.cache).toBe('miss')
      expect(page.html).toContain('Harvest Fair')
    }
  })

  /**
   * Writes a row on another connection that shows on `path` only from a moment a few seconds ahead: until then
   * both instances keep serving their cached page; at that moment each announces the row to itself, and the
   * next request on each renders it anew.
   */
  async function showsOnBothAtItsTime(table: 'blogs' | 'alerts', path: string, text: string, insert: (id: string, at: Date) => [string, unknown[]]) {
    const streams = await Promise.all([a, b].map((app) => fetch(`${app.url}/api/changes?tables=${table}`)))
    const events = streams.map((stream) => readEvents(stream))
    const id = crypto.randomUUID()
    const [statement, parameters] = insert(id, new Date(Date.now() + 4000))
    await writeElsewhere(statement, parameters, { table, type: 'insert', id })
    for (const stream of events) expect(JSON.parse((await stream.next()).data)).toEqual({ table, type: 'insert' })
    for (const app of [a, b]) expect((await cached(app, path)).html).not.toContain(text)

    for (const stream of events) expect(JSON.parse((await stream.next(15_000)).data)).toEqual({ table, type: 'update' })
    for (const app of [a, b]) {
      const page = await get(app, path)
      expect(page.cache).toBe('miss')
      expect(page.html).toContain(text)
    }
    await Promise.all(events.map((stream) => stream.cancel()))
  }

  test('a scheduled post shows on both at its time, without a write', async () => {
    await showsOnBothAtItsTime('blogs', '/blogs', 'Sports Day Moved', (id, goesLive) => [
      `insert into blogs (id, slug, title, content, status, published_at, updated_at) values ($1, $2, 'Sports Day Moved', '<p>Now on Friday</p>', 'published', $3, now())`,
      [id, `sports-${id.slice(0, 8)}`, goesLive.toISOString()],
    ])
  })

  test('an alert shows on both from its start, without a write', async () => {
    await showsOnBothAtItsTime('alerts', '/', 'Snow Closure', (id, startsAt) => [
      `insert into alerts (id, level, title, message, starts_at, created_at, updated_at) values ($1, 'important', 'Snow Closure', 'The school is closed today.', $2, now(), now())`,
      [id, startsAt.toISOString()],
    ])
  })

  test('staff never get a cached page, and their render is not kept for visitors', async () => {
    await publishPost(a, 'Staff Render Check')
    const staff = await get(a, '/', { cookie: adminCookie })
    expect(staff.status).toBe(200)
    expect(staff.cache).toBeNull()
    expect(staff.headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/)
    expect((await get(a, '/', { cookie: adminCookie })).cache).toBeNull()
    expect((await get(a, '/')).cache).toBe('miss')
    expect((await get(a, '/')).cache).toBe('hit')
    expect((await get(a, '/', { cookie: adminCookie })).cache).toBeNull()
    // Staff screens and sign-in are never cached, for anyone.
    for (const path of ['/admin', '/auth']) {
      await get(a, path)
      expect((await get(a, path)).cache).toBeNull()
    }
  })
})

describe('feeds on two instances', () => {
  test('an event published on one instance is in both calendar feeds on the next request', async () => {
    for (const app of [a, b]) expect((await cached(app, '/calendar.ics')).html).not.toContain('Summer Concert')
    await publishEvent(a, 'Summer Concert')
    const feed = await get(a, '/calendar.ics')
    expect(feed.cache).toBe('miss')
    expect(feed.html).toContain('SUMMARY:Summer Concert')
    // The other instance hears of the write over PostgreSQL's NOTIFY, a moment after the writer answered.
    await expect.poll(async () => (await get(b, '/calendar.ics')).html).toContain('SUMMARY:Summer Concert')
  })

  test("a category's calendar is kept apart from the whole calendar", async () => {
    const form = new FormData()
    for (const [name, value] of Object.entries({ intent: 'create-category', name: 'Fixtures', colour: 'green' })) form.append(name, value)
    const response = await fetch(`${a.url}/admin/events/categories`, { method: 'POST', body: form, headers: { cookie: adminCookie, origin: a.url } })
    expect(response.status).toBe(200)
    const whole = await cached(a, '/calendar.ics')
    const fixtures = await cached(a, '/calendar.ics?category=fixtures')
    expect(whole.html).not.toContain(': Fixtures')
    expect(fixtures.html).toContain(': Fixtures')
    expect(fixtures.headers.get('content-disposition')).toBe('inline; filename="calendar-fixtures.ics"')
  })

  test("an event's own calendar file is kept, as the download it is", async () => {
    await publishEvent(a, 'Prize Giving')
    const file = await cached(a, '/calendar/prize-giving.ics')
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="prize-giving.ics"')
    expect(file.html).toContain('SUMMARY:Prize Giving')
  })

  test('staff never get a cached feed, and their copy is not kept for visitors', async () => {
    await publishEvent(a, 'Staff Feed Check')
    for (let time = 0; time < 2; time += 1) {
      const staff = await get(a, '/calendar.ics', { cookie: adminCookie })
      expect(staff.status).toBe(200)
      expect(staff.cache).toBeNull()
      expect(staff.html).toContain('SUMMARY:Staff Feed Check')
    }
    expect((await get(a, '/calendar.ics')).cache).toBe('miss')
    expect((await get(a, '/calendar.ics')).cache).toBe('hit')
    expect((await get(a, '/calendar.ics', { cookie: adminCookie })).cache).toBeNull()
  })
})

describe('one instance', () => {
  test('a cached page carries a strong ETag per encoding, answers If-None-Match with 304, HEAD with its headers only', async () => {
    await cached(small, '/blogs')
    const br = await fetch(`${small.url}/blogs`, { headers: { 'accept-encoding': 'gzip, br' } })
    const gzip = await fetch(`${small.url}/blogs`, { headers: { 'accept-encoding': 'gzip' } })
    const identity = await fetch(`${small.url}/blogs`, { headers: { 'accept-encoding': 'identity' } })
    const brBody = Buffer.from(await br.arrayBuffer())
    const gzipBody = Buffer.from(await gzip.arrayBuffer())
    const identityBody = await identity.text()
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(identity.headers.get('content-encoding')).toBeNull()
    // fetch decodes: all three are the same page.
    expect(brBody.toString()).toBe(identityBody)
    expect(gzipBody.toString()).toBe(identityBody)
    const etags = [br, gzip, identity].map((response) => response.headers.get('etag'))
    for (const etag of etags) expect(etag).toMatch(/^"[\w-]+"$/)
    expect(new Set(etags).size).toBe(3)
    for (const response of [br, gzip, identity]) {
      expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      // The page's inline scripts are allowed by their hashes, and only they.
      expect(/script-src ([^;]*);/.exec(response.headers.get('content-security-policy') ?? '')?.[1]).toMatch(/^'self'( 'sha256-[\w+/=]+')+$/)
    }

    const revalidated = await fetch(`${small.url}/blogs`, { headers: { 'accept-encoding': 'gzip', 'if-none-match': etags[1]! } })
    expect(revalidated.status).toBe(304)
    // The page's gzip ETag: the same page's hash, compressed quickly still or harder by now.
    expect(revalidated.headers.get('etag')).toMatch(new RegExp(`^${etags[1]!.slice(0, 33)}-gz(?:-quick)?"$`))
    expect(await revalidated.text()).toBe('')
    expect((await fetch(`${small.url}/blogs`, { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200)

    const head = await fetch(`${small.url}/blogs`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } })
    expect(head.status).toBe(200)
    expect(head.headers.get('x-cache')).toBe('hit')
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(identityBody)))
    expect(await head.text()).toBe('')
    // A HEAD first renders and keeps the page for the GET after it.
    const fresh = await fetch(`${small.url}/calendar?view=head-first`, { method: 'HEAD' })
    expect(fresh.headers.get('x-cache')).toBe('miss')
    expect((await get(small, '/calendar?view=head-first')).cache).toBe('hit')
  })

  test('a page read often is compressed harder after its answers: fewer bytes, an ETag of its own, the earlier one still revalidates', async () => {
    const address = `${small.url}/calendar?view=month&month=2032-03`
    const brotli = async (headers: Record<string, string> = {}) => {
      const response = await fetch(address, { headers: { 'accept-encoding': 'br', ...headers } })
      return { status: response.status, etag: response.headers.get('etag')!, bytes: Number(response.headers.get('content-length')), html: await response.text() }
    }
    const first = await brotli()
    expect(first.etag).toMatch(/-br-quick"$/)
    let best = first
    await expect.poll(async () => (best = await brotli()).etag).toMatch(/-br"$/)
    expect(best.etag.slice(0, 33)).toBe(first.etag.slice(0, 33))
    expect(best.bytes).toBeLessThan(first.bytes)
    expect(best.html).toBe(first.html)
    expect((await brotli({ 'if-none-match': first.etag })).status).toBe(304)
  })

  test('a page is kept under the parameters its route reads, in any order; any other parameter is the same page', async () => {
    await get(small, '/calendar?category=none&view=month&month=2031-02')
    expect((await get(small, '/calendar?month=2031-02&view=month&category=none')).cache).toBe('hit')
    const tagged = await get(small, '/calendar?view=month&utm_source=newsletter&month=2031-02&category=none&r=1')
    expect(tagged.cache).toBe('hit')
    // Rendered from the address it is kept under: a made-up parameter is in none of its links.
    expect(tagged.html).toContain('February 2031')
    expect(tagged.html).not.toContain('utm_source')
    expect((await get(small, '/calendar?view=month&month=2031-02')).cache).toBe('miss')
  })

  test('one client adds at most 60 new pages a minute to a cache half full; past it, its pages are rendered for it alone and not kept', async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address })
    // Each page of the list keeps its body as it is and in brotli: 60 of them are more than half a megabyte.
    for (let page = 2; page < 62; page += 1) expect((await get(small, `/blogs?page=${page}`, from('10.9.9.9'))).cache).toBe('miss')
    for (let time = 0; time < 2; time += 1) {
      const alone = await get(small, '/blogs?page=62', from('10.9.9.9'))
      expect(alone.status).toBe(200)
      expect(alone.cache).toBeNull()
    }
    expect((await get(small, '/blogs?page=62', from('10.9.9.10'))).cache).toBe('miss')
    expect((await get(small, '/blogs?page=62', from('10.9.9.9'))).cache).toBe('hit')
  })

  test('on SQLite, a post written into the file by another process shows on the next request; a sign-in leaves the cache alone', async () => {
    const page = '/blogs?written=outside'
    expect((await cached(small, page)).html).not.toContain('Written Beside the Server')
    // A sign-in commits a session to the same file: no public page changes, and the page stays cached.
    expect((await signIn(small, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, OUTSIDE_CHECK_MS))
    expect((await get(small, page)).cache).toBe('hit')
    // A post inserted as a script or the sqlite3 shell would, with no change on the feed: the next request renders it.
    const file = new DatabaseSync(path.join(small.dataDir, 'school.sqlite'), { timeout: 5_000 })
    const now = new Date().toISOString()
    file
      .prepare("insert into blogs (id, slug, title, content, status, published_at, updated_at) values (?, 'written-beside', 'Written Beside the Server', '<p>From a script</p>', 'published', ?, ?)")
      .run(crypto.randomUUID(), now, now)
    file.close()
    await new Promise((resolve) => setTimeout(resolve, OUTSIDE_CHECK_MS))
    const after = await get(small, page)
    expect(after.cache).toBe('miss')
    expect(after.html).toContain('Written Beside the Server')
  })

  test('the size bound evicts the least recently used pages', async () => {
    const month = (visit: number) => `/calendar?view=month&month=${2040 + Math.floor(visit / 12)}-${String((visit % 12) + 1).padStart(2, '0')}`
    // Visitors of their own: each adds a few pages.
    const from = (visit: number) => ({ 'x-forwarded-for': `10.8.${visit}.1` })
    await get(small, '/calendar?view=month&month=2039-01', from(100))
    expect((await get(small, '/calendar?view=month&month=2039-01', from(100))).cache).toBe('hit')
    // Each month keeps its body as it is and in brotli: 60 of them are more than a megabyte.
    for (let visit = 0; visit < 60; visit += 1) await get(small, month(visit), from(visit))
    expect((await get(small, month(59), from(59))).cache).toBe('hit')
    expect((await get(small, '/calendar?view=month&month=2039-01', from(100))).cache).toBe('miss')
  })

  test('the contact form on a cached home page keeps its 3 s, one-token and 30 s rules, without JavaScript', async () => {
    const visitor = { 'x-forwarded-for': '10.20.30.40' }
    const open = async () => {
      const page = await fetch(`${small.url}/`)
      const html = await page.text()
      expect(html).toContain('name="formToken" value="cookie"')
      return { cache: page.headers.get('x-cache'), cookie: cookieFrom(page) }
    }
    const send = async (cookie: string, message: string) => {
      const body = new URLSearchParams({ name: 'A Parent', email: 'parent@example.org', message, website: '', formToken: 'cookie' })
      const response = await fetch(`${small.url}/?index`, { method: 'POST', body, headers: { origin: small.url, cookie, ...visitor } })
      return { status: response.status, html: await response.text() }
    }
    await open()
    const first = await open()
    expect(first.cache).toBe('hit')
    expect(first.cookie).toMatch(/^form_token=\d+\.[\w-]{22}\.[\w-]+$/)

    const hurried = await send(first.cookie, 'Sent at once')
    expect(hurried.status).toBe(400)
    expect(hurried.html).toContain('Please take your time filling out the form.')
    // Without the cookie the word in the field is no token.
    await new Promise((resolve) => setTimeout(resolve, FILL_TIME_MS))
    expect((await send('', 'No cookie')).html).toContain('Please take your time filling out the form.')

    const sent = await send(first.cookie, 'After reading the page')
    expect(sent.status).toBe(200)
    expect(sent.html).toContain('get back to you soon.')
    const again = await send(first.cookie, 'The same token again')
    expect(again.status).toBe(400)
    expect(again.html).toContain('Invalid submission detected.')

    // A new page gives a new token, but one visitor sends one message every 30 s.
    const second = await open()
    expect(second.cookie).not.toBe(first.cookie)
    await new Promise((resolve) => setTimeout(resolve, FILL_TIME_MS))
    const soon = await send(second.cookie, 'A second message')
    expect(soon.status).toBe(429)
    expect(soon.html).toContain('Please wait before submitting again.')
  })

  test('the subscription form on a cached page takes its token from the cookie too', async () => {
    await get(small, '/subscribe')
    const page = await fetch(`${small.url}/subscribe`)
    expect(page.headers.get('x-cache')).toBe('hit')
    expect(await page.text()).toContain('name="formToken" value="cookie"')
    await new Promise((resolve) => setTimeout(resolve, FILL_TIME_MS))
    const body = new URLSearchParams({ email: 'family@example.org', news: 'instant', website: '', formToken: 'cookie' })
    const subscribed = await fetch(`${small.url}/subscribe`, { method: 'POST', body, headers: { origin: small.url, cookie: cookieFrom(page), 'x-forwarded-for': '10.20.30.41' } })
    expect(subscribed.status).toBe(200)
    expect(await subscribed.text()).toContain('Check your inbox: we sent a link to confirm.')
  })
})

describe('feeds (docs/product-rules.md#page-cache)', () => {
  test.each([
    ['/blogs/rss.xml', 'application/rss+xml; charset=utf-8', 'public, max-age=300'],
    ['/blogs/atom.xml', 'application/atom+xml; charset=utf-8', 'public, max-age=300'],
    ['/blogs/feed.json', 'application/feed+json; charset=utf-8', 'public, max-age=300'],
    ['/calendar.ics', 'text/calendar; charset=utf-8', 'public, max-age=300'],
    ['/alerts.rss', 'application/rss+xml; charset=utf-8', 'public, max-age=60'],
    ['/sitemap.xml', 'application/xml; charset=utf-8', 'public, max-age=300'],
    ['/sitemaps/screens-1.xml', 'application/xml; charset=utf-8', 'public, max-age=300'],
    ['/robots.txt', 'text/plain; charset=utf-8', 'public, max-age=300'],
  ])('%s is kept: the same bytes the second time, with its own Content-Type and Cache-Control', async (path, contentType, cacheControl) => {
    // A query of its own: this address has not been asked for before.
    const address = `${path}?visit=first-look`
    const first = await get(small, address)
    expect(first.status).toBe(200)
    expect(first.cache).toBe('miss')
    // Polled: any commit to the site's database empties the cache (the earlier tests' forms leave mail to send), and one
    // may fall between the two requests on a busy machine.
    const second = await cached(small, address)
    expect(second.html).toBe(first.html)
    for (const response of [first, second]) {
      expect(response.headers.get('content-type')).toBe(contentType)
      expect(response.headers.get('cache-control')).toBe(cacheControl)
      expect(response.headers.get('set-cookie')).toBeNull()
      // No hashes of inline scripts: a feed has none.
      expect(response.headers.get('content-security-policy')).not.toContain('sha256-')
    }
  })

  test('a kept sitemap, streamed when rendered, is stored whole: compressed and revalidated like a page', async () => {
    await cached(small, '/sitemaps/screens-1.xml')
    const identity = await fetch(`${small.url}/sitemaps/screens-1.xml`, { headers: { 'accept-encoding': 'identity' } })
    const body = await identity.text()
    expect(body).toMatch(/^<\?xml[^>]*\?><urlset[^>]*>.*<\/urlset>$/s)
    expect(identity.headers.get('content-length')).toBe(String(Buffer.byteLength(body)))
    const brotli = await fetch(`${small.url}/sitemaps/screens-1.xml`, { headers: { 'accept-encoding': 'br' } })
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(await brotli.text()).toBe(body)
    const revalidated = await fetch(`${small.url}/sitemaps/screens-1.xml`, { headers: { 'accept-encoding': 'br', 'if-none-match': brotli.headers.get('etag')! } })
    expect(revalidated.status).toBe(304)
  })

  test('the calendar of one category is kept apart from the whole calendar; an unknown one is never kept', async () => {
    await cached(small, '/calendar.ics')
    for (let time = 0; time < 2; time += 1) {
      const unknown = await get(small, '/calendar.ics?category=no-such-category')
      expect(unknown.status).toBe(404)
      expect(unknown.cache).toBeNull()
    }
  })

  test('route data, files and other dotted paths are not kept', async () => {
    for (const path of ['/blogs.data', '/calendar.data', '/favicon.svg', '/robots.txt.data']) {
      await get(small, path)
      expect((await get(small, path)).cache, path).toBeNull()
    }
  })
})

describe('a page rendered for its one reader (not cached)', () => {
  /** The response's bytes as they travel: fetch would decompress them. */
  function compressedBytes(url: string) {
    return new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }))
        response.on('error', reject)
      }).on('error', reject)
    })
  }

  test('streams compressed about as small as the same page compressed whole', async () => {
    const { encoding, body } = await compressedBytes(`${small.url}/search?q=school`)
    expect(encoding).toBe('gzip')
    const html = gunzipSync(body)
    expect(html.toString()).toMatch(/^<!DOCTYPE html>.*<\/html>$/s)
    // Flushed after every piece React wrote (server/request-handler.ts), it was a third larger or more.
    expect(body.length).toBeLessThan(gzipSync(html).length * 1.2)
  })
})

describe('the scripts of a public page (docs/product-rules.md#performance-budget)', () => {
  test.each(['/', '/blogs', '/gallery', '/calendar'])('%s loads at most 10 script files, after its first paint, without zod or Sonner', async (path) => {
    const { html } = await cached(small, path)
    // Nothing in the head fetches a script: the module script is held, with the files it needs, until the page has painted.
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).not.toMatch(/<script[^>]* type="module"/)
    const held = /<script type="text\/x-after-first-paint" id="scripts-after-first-paint" data-modulepreload="([^"]*)">/.exec(html)
    const files = held![1]!.split(' ')
    expect(files.length).toBeGreaterThanOrEqual(3)
    expect(files.length).toBeLessThanOrEqual(10)
    for (const file of files) {
      expect(file).toMatch(/^\/assets\/[\w.-]+\.js$/)
      const script = await (await fetch(`${small.url}${file}`)).text()
      // zod's error class and Sonner's toaster markup: back-office libraries.
      expect(script, file).not.toContain('ZodError')
      expect(script, file).not.toContain('data-sonner-toaster')
    }
  })
})

describe('a visitor making up query strings (docs/product-rules.md#page-cache)', () => {
  let cachedSite: AppProcess
  let uncachedSite: AppProcess
  const pages = ['/', '/blogs', '/blogs/long-read-0', '/calendar']

  /** Seconds of CPU the process has used so far, user and system, from /proc (clock ticks of 10 ms). */
  function cpuSeconds(app: AppProcess) {
    const fields = fs.readFileSync(`/proc/${app.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  }

  /** CPU seconds per request of `addresses`, asked four at a time, as browsers do (brotli accepted). */
  async function cpuPerRequest(app: AppProcess, addresses: string[]) {
    const before = cpuSeconds(app)
    const queue = [...addresses]
    await Promise.all(Array.from({ length: 4 }, async () => {
      for (let address = queue.shift(); address !== undefined; address = queue.shift()) {
        const response = await fetch(`${app.url}${address}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
        expect(response.status, address).toBe(200)
        await response.arrayBuffer()
      }
    }))
    return (cpuSeconds(app) - before) / addresses.length
  }

  beforeAll(async () => {
    cachedSite = await startApp(ADMIN)
    // The same site (one SQLite file) without the cache: every page rendered for its request.
    uncachedSite = await startApp({ ...ADMIN, PAGE_CACHE_MB: '0' }, { dataDir: cachedSite.dataDir })
    const cookie = (await signIn(cachedSite, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).cookie
    // Long posts: what makes a page costly to compress.
    const paragraph = '<p>The children walked to the river, measured its depth at five places and drew what they found. '.repeat(8) + '</p>'
    for (let post = 0; post < 8; post += 1) {
      const form = new FormData()
      for (const [name, value] of Object.entries({ intent: 'create', title: `Long Read ${post}`, slug: `long-read-${post}`, content: paragraph.repeat(60), excerpt: 'A long read.' })) form.append(name, value)
      const response = await fetch(`${cachedSite.url}/admin/blogs`, { method: 'POST', body: form, headers: { cookie, origin: cachedSite.url } })
      expect(response.status).toBe(200)
    }
  }, 120_000)

  afterAll(async () => {
    await Promise.all([cachedSite, uncachedSite].filter(Boolean).map((app) => app.stop()))
  })

  test('1,000 made-up query strings from one address cost at most 1.2 times uncached renders, and the real pages stay cached', async () => {
    const times = (count: number, address: (visit: number) => string) => Array.from({ length: count }, (_, visit) => address(visit))
    const everyPage = (count: number, query: (visit: number) => string) => times(count, (visit) => `${pages[visit % pages.length]}?${query(visit)}`)
    // Both processes warmed up (the code compiled, the database's pages read) before anything is measured.
    await cpuPerRequest(uncachedSite, everyPage(12, (visit) => `warm=${visit}`))
    for (const page of pages) await cached(cachedSite, page)
    const uncached = await cpuPerRequest(uncachedSite, everyPage(40, (visit) => `r=${visit}`))

    // Made-up parameters on the real pages, and made-up values of parameters the pages read (a page past the last, any month).
    const junk = [
      ...everyPage(960, () => `r=${crypto.randomUUID()}`),
      ...times(20, (visit) => `/blogs?page=${visit + 2}`),
      ...times(20, (visit) => `/calendar?view=month&month=${2100 + visit}-01`),
    ]
    const perJunk = await cpuPerRequest(cachedSite, junk)
    console.info(`CPU per request: uncached ${(uncached * 1000).toFixed(1)} ms, made-up queries ${(perJunk * 1000).toFixed(1)} ms`)
    expect(perJunk).toBeLessThanOrEqual(uncached * 1.2)
    for (const page of pages) expect((await get(cachedSite, page)).cache, page).toBe('hit')
  }, 120_000)
})
