import { createHash } from 'node:crypto'
import { DatabaseSync } from 'node:sqlite'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from 'express'
import { LRUCache } from 'lru-cache'
import { createRequestHandler as createRouterHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { issuePageFormCookie } from '#app/domain/contact/anonymous-form.server.ts'
import { TOKEN_IN_COOKIE } from '#app/domain/contact/form-token.ts'
import type { ChangeFeed } from '#app/lib/change-feed.server.ts'
import { cspNonceContext, sharedRenderContext } from '#app/lib/request-context.ts'
import { ARCHIVED_TABLES, DERIVED_TABLES } from '#app/lib/site-archive/archive-format.ts'
import { utcToZonedTime, zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import { isFeedPath } from '#app/services/feeds/feed-paths.ts'
import { inlineScriptHashes } from './page-cache-csp.ts'
import { headersOf, urlOf } from './request-handler.ts'
import { withScriptHashes } from './security-headers.ts'

const compressBrotli = promisify(brotliCompress)
const compressGzip = promisify(gzip)

/**
 * How long a page is kept at most, even without a write: what depends on
 * time alone (the upcoming events of the home page and the calendar, what
 * "today" is) must not be shown stale for long. A page is also dropped at the
 * school's midnight, whichever comes first.
 */
export const PAGE_MAX_AGE_MS = 60_000

/**
 * Paths never served from or kept in the cache: staff screens, sign-in, the
 * content API and every other API, previews, and the pages opened from a
 * family's own mailed link (subscription and unsubscribe tokens), and the
 * search (one page per query: any visitor could fill the cache with them).
 */
const UNCACHED_PATHS = /^\/(?:admin|api|auth|preview|subscribe\/(?:confirm|manage)|unsubscribe|search|files|share-images|push)(?:\/|$)/i
/** Better Auth's cookies (a session, its cached copy, a sign-in waiting for its second factor): their holder gets their own render. */
const STAFF_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?better-auth\./
/** What a stored page keeps of the router's headers: the rest the cache sets itself, or belongs to one response. */
const OWN_HEADERS = new Set(['content-length', 'content-encoding', 'content-security-policy', 'cache-control', 'date', 'etag', 'vary', 'set-cookie', 'connection', 'keep-alive', 'transfer-encoding'])

type Encoding = 'br' | 'gzip' | 'identity'

interface StoredPage {
  headers: Array<[string, string]>
  bodies: Record<Encoding, Buffer>
  /** One strong validator per representation; the identity body's hash is their stem. */
  etags: Record<Encoding, string>
  /** An HTML page's inline scripts, allowed by their hashes in its Content-Security-Policy; null for a feed. */
  scriptHashes: string[] | null
  /** Whether the page holds an anonymous form: then each visitor who gets it also gets a form token cookie. */
  hasForm: boolean
  cacheControl: string
  expiresAt: number
}

/** A render not fit to keep (not a 200 page, or one carrying something of its own): answered as it is, to its own request only. */
interface UnsharedRender {
  status: number
  statusText: string
  headers: Headers
  body: Buffer
}

type RenderOutcome = { page: StoredPage } | { unshared: UnsharedRender }

export interface PageCacheOptions {
  /** Bytes of stored bodies (all three encodings) kept at most; 0 turns the cache off. */
  maxBytes: number
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>)
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider
  feed: ChangeFeed
  /** The school's time zone, an admin's setting: a stored page ends at its midnight. A change of it clears the cache through the feed. */
  timeZone: () => Promise<string>
  /** The form token cookie is sent only over HTTPS when the site is served so. */
  secureCookies: boolean
  /**
   * SQLite only: the database file, watched for writes to the site made by
   * other connections (another process on the same file, a script) that the
   * change feed does not carry.
   */
  sqliteFile?: string
  clock?: () => number
}

export interface PageCache {
  middleware: RequestHandler
  /** Drops every stored page; any write does (see `start`). */
  clear(): void
  /** Follows the change feed; returns the unsubscribe. */
  start(): () => void
}

/**
 * Anonymous GETs and HEADs of public pages served from memory: the finished
 * page, compressed once with gzip and brotli when stored, with a strong ETag
 * (If-None-Match answers 304) and `Cache-Control: no-cache`, so a browser
 * asks again each time and a write shows on the next request
 * (docs/product-rules.md#page-cache). The feeds (RSS, Atom, JSON Feed, the
 * calendars, the sitemaps, robots.txt) are kept the same way, with their own
 * Content-Type and Cache-Control: they are the same bytes for everyone and
 * the most polled addresses of the site. Any committed write on any instance
 * clears it all (see `start`), and a page is kept at most a minute.
 *
 * A stored page is one body for everyone, so it is rendered without a
 * per-request nonce (its inline scripts are allowed by their hashes) and
 * without a form token (the visitor gets one in a cookie with each page).
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const clock = options.clock ?? Date.now
  const handleRequest = createRouterHandler(options.build, process.env.NODE_ENV)
  const pages = new LRUCache<string, StoredPage>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (page) => page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length + 1024,
  })
  /** Renders under way, so that simultaneous misses of one page render it once. */
  const rendering = new Map<string, Promise<RenderOutcome>>()
  /** Counts the clears: a render that began before a write is not kept after it. */
  let generation = 0
  const outsideWrites = options.sqliteFile ? watchSiteWrites(options.sqliteFile, clock) : null

  function clear() {
    generation += 1
    pages.clear()
    rendering.clear()
  }

  async function render(req: ExpressRequest, res: ExpressResponse): Promise<RenderOutcome> {
    const startedIn = generation
    const headers = headersOf(req)
    // What is rendered for everyone depends on no one's cookies nor conditions.
    for (const name of ['cookie', 'if-none-match', 'if-modified-since']) headers.delete(name)
    const context = options.getLoadContext(req, res)
    context.set(cspNonceContext, '')
    context.set(sharedRenderContext, true)
    const response = await handleRequest(new Request(urlOf(req), { method: 'GET', headers }), context)
    // The whole body, a streamed one (the sitemaps) too, before anything is kept.
    const body = Buffer.from(await response.arrayBuffer())
    if (!isShareable(response, req.path)) return { unshared: { status: response.status, statusText: response.statusText, headers: response.headers, body } }
    const page = await storedPage(response.headers, body)
    if (generation === startedIn) pages.set(keyOf(req), page)
    return { page }
  }

  async function storedPage(headers: Headers, identity: Buffer): Promise<StoredPage> {
    const [br, gz] = await Promise.all([
      compressBrotli(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      compressGzip(identity, { level: 9 }),
    ])
    const html = isHtml(headers) ? identity.toString('utf8') : null
    const stem = createHash('sha256').update(identity).digest('base64url').slice(0, 32)
    const timeZone = await options.timeZone()
    const now = clock()
    return {
      headers: [...headers].filter(([name]) => !OWN_HEADERS.has(name)),
      bodies: { br, gzip: gz, identity },
      etags: { br: `"${stem}-br"`, gzip: `"${stem}-gz"`, identity: `"${stem}"` },
      scriptHashes: html === null ? null : inlineScriptHashes(html),
      hasForm: html?.includes(`value="${TOKEN_IN_COOKIE}"`) ?? false,
      // A browser asks for a page again each time, so that a write shows at once; a feed keeps the lifetime
      // its route gives it, which its readers poll by.
      cacheControl: html === null ? (headers.get('cache-control') ?? 'no-cache') : 'no-cache',
      expiresAt: Math.min(now + PAGE_MAX_AGE_MS, nextMidnight(now, timeZone)),
    }
  }

  function send(req: ExpressRequest, res: ExpressResponse, page: StoredPage, state: 'hit' | 'miss') {
    const encoding = acceptedEncoding(req.get('accept-encoding'))
    for (const [name, value] of page.headers) res.setHeader(name, value)
    if (page.scriptHashes) res.setHeader('Content-Security-Policy', withScriptHashes(String(res.getHeader('Content-Security-Policy') ?? ''), page.scriptHashes))
    res.setHeader('Cache-Control', page.cacheControl)
    res.setHeader('Vary', 'Accept-Encoding')
    res.setHeader('ETag', page.etags[encoding])
    res.setHeader('X-Cache', state)
    if (page.hasForm) res.append('Set-Cookie', issuePageFormCookie(options.secureCookies, new Date(clock())))
    if (matchesEtag(req.get('if-none-match'), page)) {
      res.status(304).end()
      return
    }
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
    const body = page.bodies[encoding]
    res.setHeader('Content-Length', String(body.length))
    res.status(200)
    if (req.method === 'HEAD') res.end()
    else res.end(body)
  }

  function sendUnshared(req: ExpressRequest, res: ExpressResponse, render: UnsharedRender) {
    res.statusMessage = render.statusText
    res.status(render.status)
    for (const [name, value] of render.headers) {
      // A cache rule set before the router (no-store on private paths) is final.
      if (name === 'cache-control' && res.hasHeader('cache-control')) continue
      res.append(name, value)
    }
    if (isHtml(render.headers)) {
      const html = render.body.toString('utf8')
      res.setHeader('Content-Security-Policy', withScriptHashes(String(res.getHeader('Content-Security-Policy') ?? ''), inlineScriptHashes(html)))
      if (html.includes(`value="${TOKEN_IN_COOKIE}"`)) res.append('Set-Cookie', issuePageFormCookie(options.secureCookies, new Date(clock())))
    }
    res.setHeader('Content-Length', String(render.body.length))
    if (req.method === 'HEAD') res.end()
    else res.end(render.body)
  }

  async function middleware(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    if (!isCacheable(req)) return next()
    if (outsideWrites?.()) clear()
    const key = keyOf(req)
    const stored = pages.get(key)
    if (stored && stored.expiresAt > clock()) return send(req, res, stored, 'hit')
    if (stored) pages.delete(key)
    const waiting = rendering.get(key)
    if (waiting) {
      const outcome = await waiting.catch(() => null)
      // Another request's render that could not be shared: this one renders its own.
      if (!outcome || !('page' in outcome) || res.writableEnded) return next()
      return send(req, res, outcome.page, 'miss')
    }
    const outcome = render(req, res)
    rendering.set(key, outcome)
    try {
      const result = await outcome
      if (res.destroyed || res.writableEnded) return
      if ('page' in result) send(req, res, result.page, 'miss')
      else sendUnshared(req, res, result.unshared)
    } catch (error) {
      next(error)
    } finally {
      if (rendering.get(key) === outcome) rendering.delete(key)
    }
  }

  return {
    middleware: options.maxBytes > 0 ? (req, res, next) => void middleware(req, res, next) : (_req, _res, next) => next(),
    clear,
    start() {
      if (options.maxBytes === 0) return () => {}
      // Every table a site is made of (the archive's list): any write may show on some public page,
      // and knowing which pages show which rows is more than a whole clear saves.
      const tables = [...ARCHIVED_TABLES.map(({ table }) => table), ...DERIVED_TABLES]
      return options.feed.subscribe(tables, clear)
    },
  }
}

/** How often the SQLite file is asked whether anyone wrote to the site: asking takes some microseconds, too many for every hit. */
const SQLITE_CHECK_MS = 50

/**
 * The site's content counter in the SQLite file, read on a connection of our own: triggers move it on with every
 * write to a table the site is made of, whoever writes (this process, another worker, a script), and not with a
 * sign-in's session or a mail delivery (db/migrations/0022-content-version.ts). Returns whether it moved since it
 * was last read.
 */
function watchSiteWrites(file: string, clock: () => number) {
  let statement: ReturnType<DatabaseSync['prepare']> | undefined
  let version: unknown
  let checkedAt = 0
  return () => {
    const now = clock()
    if (now - checkedAt < SQLITE_CHECK_MS) return false
    checkedAt = now
    statement ??= new DatabaseSync(file, { readOnly: true }).prepare('select version from content_version')
    const current = statement.get()?.version
    const changed = version !== undefined && current !== version
    version = current
    return changed
  }
}

function isCacheable(req: ExpressRequest) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  if (UNCACHED_PATHS.test(req.path)) return false
  // Pages, and the feeds by name: any other path whose last part has a dot is a file or a route's data (`.data`).
  if (/\.[^/]*$/.test(req.path) && !isFeedPath(req.path)) return false
  return !STAFF_COOKIE.test(req.get('cookie') ?? '')
}

function isHtml(headers: Headers) {
  return /^text\/html\b/i.test(headers.get('content-type') ?? '')
}

/** A page or feed every anonymous visitor may be given as it is. */
function isShareable(response: Response, path: string) {
  const cacheControl = response.headers.get('cache-control') ?? ''
  return (
    response.status === 200 &&
    (isHtml(response.headers) || isFeedPath(path)) &&
    !response.headers.has('set-cookie') &&
    !/\b(?:no-store|private)\b/i.test(cacheControl)
  )
}

/** The path and the query with its parameters in one order: `?b=2&a=1` is the page `?a=1&b=2` is. */
function keyOf(req: ExpressRequest) {
  // Joined, not resolved: `//host/path` is a path here, not another host's address.
  const url = new URL(`http://site${req.originalUrl}`)
  url.searchParams.sort()
  return `${url.pathname}${url.search}`
}

/** The best body the client takes: brotli, else gzip, else as it is. */
function acceptedEncoding(header: string | undefined): Encoding {
  const accepted = new Map<string, number>()
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined)
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0
  if (quality('br') > 0) return 'br'
  if (quality('gzip') > 0) return 'gzip'
  return 'identity'
}

function matchesEtag(header: string | undefined, page: StoredPage) {
  if (!header) return false
  if (header.trim() === '*') return true
  const given = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''))
  return Object.values(page.etags).some((etag) => given.includes(etag))
}

/** The next midnight on the school's clocks, as epoch milliseconds. */
function nextMidnight(now: number, timeZone: string) {
  const today = utcToZonedTime(new Date(now).toISOString(), timeZone).slice(0, 10)
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 16)
  return Date.parse(zonedTimeToUtc(tomorrow, timeZone))
}
