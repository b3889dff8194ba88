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
import { clientAddressGroup } from '#app/lib/client-address-group.ts'
import { cspNonceContext, sharedRenderContext } from '#app/lib/request-context.ts'
import { ARCHIVED_TABLES, DERIVED_TABLES } from '#app/lib/site-archive/archive-format.ts'
import { utcToZonedTime, zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import { isFeedPath } from '#app/services/feeds/feed-paths.ts'
import { inlineScriptHashes } from './page-cache-csp.ts'
import { canonicalPageAddress, UNCACHED_PATHS } from './page-cache-keys.ts'
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
 * New pages one client (an address, an IPv6 /64) may add in a minute to a
 * cache more than half full: a visitor reading the site adds a few; past it,
 * its requests are rendered for it alone, as without the cache, and nothing is
 * kept, so made-up addresses (`/blogs?page=9999`, any month of the calendar)
 * cannot push the pages everyone reads out of the cache. Below half, adding
 * evicts nothing; and clients a proxy does not tell apart (no `TRUST_PROXY`)
 * are not held to one share then.
 */
export const NEW_PAGES_PER_CLIENT_PER_MINUTE = 60
/** Hits after which a page is compressed again, harder, off the request path: by then it is read often enough to pay for it. */
export const HITS_BEFORE_BEST_COMPRESSION = 4
/** Better Auth's cookies (a session, its cached copy, a sign-in waiting for its second factor): their holder gets their own render. */
const STAFF_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?better-auth\./
/** What a stored page keeps of the router's headers: the rest the cache sets itself, or belongs to one response. */
const OWN_HEADERS = new Set(['content-length', 'content-encoding', 'content-security-policy', 'cache-control', 'date', 'etag', 'vary', 'set-cookie', 'connection', 'keep-alive', 'transfer-encoding'])

type Encoding = 'br' | 'gzip' | 'identity'
type Compression = Exclude<Encoding, 'identity'>
/**
 * How hard a body is compressed: `quick` as the compression middleware compresses a page rendered for one
 * request (brotli 4, gzip 6), so a first request costs no more than without the cache; `best` (brotli 11,
 * gzip 9) for a page read again and again, about a tenth smaller for brotli at some 50 times the time.
 */
type Effort = 'quick' | 'best'

const COMPRESS: Record<Compression, Record<Effort, (body: Buffer) => Promise<Buffer>>> = {
  br: { quick: (body) => compressBrotli(body, brotliOptions(4, body)), best: (body) => compressBrotli(body, brotliOptions(11, body)) },
  gzip: { quick: (body) => compressGzip(body, { level: 6 }), best: (body) => compressGzip(body, { level: 9 }) },
}

function brotliOptions(quality: number, body: Buffer) {
  return { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }
}

interface CompressedBody {
  body: Buffer
  effort: Effort
}

interface StoredPage {
  headers: Array<[string, string]>
  identity: Buffer
  /** The compressed bodies made so far: at first only the one its first request took. */
  compressed: Partial<Record<Compression, CompressedBody>>
  /** The identity body's hash: the stem of each representation's strong validator. */
  stem: string
  /** Requests answered from the cache since it was stored. */
  hits: number
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
  /** Bytes of stored bodies (every encoding made) kept at most; 0 turns the cache off. */
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
 * page, kept under its path and the parameters its route reads
 * (server/page-cache-keys.ts), compressed in each encoding once it is asked
 * for, and harder once it is read often, with a strong ETag
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
    sizeCalculation: (page) => page.identity.length + (page.compressed.br?.body.length ?? 0) + (page.compressed.gzip?.body.length ?? 0) + 1024,
  })
  /** Renders under way, so that simultaneous misses of one page render it once. */
  const rendering = new Map<string, Promise<RenderOutcome>>()
  /** Pages being compressed harder, each once at a time. */
  const compressing = new Set<string>()
  /** Pages each client added in its current minute, for the most recent clients. */
  const additions = new LRUCache<string, { since: number; count: number }>({ max: 10_000 })
  /** Counts the clears: a render that began before a write is not kept after it. */
  let generation = 0
  const outsideWrites = options.sqliteFile ? watchSiteWrites(options.sqliteFile, clock) : null

  function clear() {
    generation += 1
    pages.clear()
    rendering.clear()
  }

  /** Whether the client may add one more page now; counts it if so. */
  function mayAdd(req: ExpressRequest) {
    const client = clientAddressGroup(req.ip ?? '')
    const now = clock()
    const added = additions.get(client)
    if (!added || now - added.since >= 60_000) {
      additions.set(client, { since: now, count: 1 })
      return true
    }
    if (added.count >= NEW_PAGES_PER_CLIENT_PER_MINUTE && pages.calculatedSize > options.maxBytes / 2) return false
    added.count += 1
    return true
  }

  /** Stores a new version of a page still stored (same body, not cleared since), keeping what was added to it meanwhile. */
  function update(key: string, page: StoredPage, startedIn: number, compressed: StoredPage['compressed']) {
    const current = pages.peek(key)
    if (generation !== startedIn || current?.stem !== page.stem) return
    pages.set(key, { ...current, compressed: { ...current.compressed, ...compressed } })
  }

  async function render(req: ExpressRequest, res: ExpressResponse, key: string, encoding: Encoding): Promise<RenderOutcome> {
    const startedIn = generation
    const headers = headersOf(req)
    // What is rendered for everyone depends on no one's cookies nor conditions.
    for (const name of ['cookie', 'if-none-match', 'if-modified-since']) headers.delete(name)
    const context = options.getLoadContext(req, res)
    context.set(cspNonceContext, '')
    context.set(sharedRenderContext, true)
    // Rendered from the address it is kept under, so the parameters the key leaves out cannot show in it.
    const url = `${new URL(urlOf(req)).origin}${key}`
    const response = await handleRequest(new Request(url, { method: 'GET', headers }), context)
    // The whole body, a streamed one (the sitemaps) too, before anything is kept.
    const body = Buffer.from(await response.arrayBuffer())
    if (!isShareable(response, req.path)) return { unshared: { status: response.status, statusText: response.statusText, headers: response.headers, body } }
    const page = await storedPage(response.headers, body, encoding)
    if (generation === startedIn) pages.set(key, page)
    return { page }
  }

  async function storedPage(headers: Headers, identity: Buffer, encoding: Encoding): Promise<StoredPage> {
    const html = isHtml(headers) ? identity.toString('utf8') : null
    const timeZone = await options.timeZone()
    const now = clock()
    return {
      headers: [...headers].filter(([name]) => !OWN_HEADERS.has(name)),
      identity,
      // Only what its first request takes, as quickly as a page rendered for one request is compressed.
      compressed: encoding === 'identity' ? {} : { [encoding]: { body: await COMPRESS[encoding].quick(identity), effort: 'quick' } },
      stem: createHash('sha256').update(identity).digest('base64url').slice(0, 32),
      hits: 0,
      scriptHashes: html === null ? null : inlineScriptHashes(html),
      hasForm: html?.includes(`value="${TOKEN_IN_COOKIE}"`) ?? false,
      // A browser asks for a page again each time, so that a write shows at once; a feed keeps the lifetime
      // its route gives it, which its readers poll by.
      cacheControl: html === null ? (headers.get('cache-control') ?? 'no-cache') : 'no-cache',
      expiresAt: Math.min(now + PAGE_MAX_AGE_MS, nextMidnight(now, timeZone)),
    }
  }

  /** The page's body in an encoding: one not made yet is made quickly (as the first request's was) and kept. */
  async function bodyOf(key: string, page: StoredPage, encoding: Encoding) {
    if (encoding === 'identity') return page.identity
    const made = page.compressed[encoding]
    if (made) return made.body
    const startedIn = generation
    const body = await COMPRESS[encoding].quick(page.identity)
    update(key, page, startedIn, { [encoding]: { body, effort: 'quick' } })
    return body
  }

  /** Compresses a page read often harder, after the answers that asked for it, and keeps the result. */
  function compressHarder(key: string, page: StoredPage) {
    const quick = (Object.keys(page.compressed) as Compression[]).filter((encoding) => page.compressed[encoding]?.effort === 'quick')
    if (quick.length === 0 || compressing.has(key)) return
    compressing.add(key)
    const startedIn = generation
    setImmediate(() => {
      Promise.all(quick.map(async (encoding) => [encoding, { body: await COMPRESS[encoding].best(page.identity), effort: 'best' }] as const))
        .then((better) => update(key, page, startedIn, Object.fromEntries(better)))
        // Not compressed harder: the quick bodies stay, as good as a page rendered for one request.
        .catch(() => {})
        .finally(() => compressing.delete(key))
    })
  }

  async function send(req: ExpressRequest, res: ExpressResponse, key: string, page: StoredPage, state: 'hit' | 'miss') {
    const encoding = acceptedEncoding(req.get('accept-encoding'))
    for (const [name, value] of page.headers) res.setHeader(name, value)
    if (page.scriptHashes) res.setHeader('Content-Security-Policy', withScriptHashes(String(res.getHeader('Content-Security-Policy') ?? ''), page.scriptHashes))
    res.setHeader('Cache-Control', page.cacheControl)
    res.setHeader('Vary', 'Accept-Encoding')
    res.setHeader('ETag', etagOf(page, encoding))
    res.setHeader('X-Cache', state)
    if (page.hasForm) res.append('Set-Cookie', issuePageFormCookie(options.secureCookies, new Date(clock())))
    if (matchesEtag(req.get('if-none-match'), page)) {
      res.status(304).end()
      return
    }
    const body = await bodyOf(key, page, encoding)
    if (res.destroyed || res.writableEnded) return
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
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
    const key = canonicalPageAddress(req.originalUrl)
    const stored = pages.get(key)
    if (stored && stored.expiresAt > clock()) {
      stored.hits += 1
      if (stored.hits >= HITS_BEFORE_BEST_COMPRESSION) compressHarder(key, stored)
      return send(req, res, key, stored, 'hit')
    }
    if (stored) pages.delete(key)
    const waiting = rendering.get(key)
    if (waiting) {
      const outcome = await waiting.catch(() => null)
      // Another request's render that could not be shared: this one renders its own.
      if (!outcome || !('page' in outcome) || res.writableEnded) return next()
      return send(req, res, key, outcome.page, 'miss')
    }
    // Past its share of new pages, a client's request is rendered for it alone, and nothing is kept.
    if (!mayAdd(req)) return next()
    const outcome = render(req, res, key, acceptedEncoding(req.get('accept-encoding')))
    rendering.set(key, outcome)
    try {
      const result = await outcome
      if (res.destroyed || res.writableEnded) return
      if ('page' in result) await send(req, res, key, result.page, 'miss')
      else sendUnshared(req, res, result.unshared)
    } finally {
      if (rendering.get(key) === outcome) rendering.delete(key)
    }
  }

  return {
    middleware: options.maxBytes > 0 ? (req, res, next) => void middleware(req, res, next).catch(next) : (_req, _res, next) => next(),
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

/** One strong validator per representation: the identity body's hash, and for a compressed one how it was compressed. */
function etagOf(page: StoredPage, encoding: Encoding) {
  if (encoding === 'identity') return `"${page.stem}"`
  // A body not made yet is made quickly (see `bodyOf`).
  const effort = page.compressed[encoding]?.effort ?? 'quick'
  return `"${page.stem}-${encoding === 'br' ? 'br' : 'gz'}${effort === 'quick' ? '-quick' : ''}"`
}

/** Any representation of the same page: what the browser holds decodes to the bytes it would be sent. */
function matchesEtag(header: string | undefined, page: StoredPage) {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => {
    const given = tag.trim().replace(/^W\//, '')
    return given === `"${page.stem}"` || given.startsWith(`"${page.stem}-`)
  })
}

/** The next midnight on the school's clocks, as epoch milliseconds. */
function nextMidnight(now: number, timeZone: string) {
  const today = utcToZonedTime(new Date(now).toISOString(), timeZone).slice(0, 10)
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 16)
  return Date.parse(zonedTimeToUtc(tomorrow, timeZone))
}
