import { CALENDAR_SERVICES } from './calendar-hosts.ts'

/*
 * The addresses the site accepts in a field, renders into a page (src, href,
 * CSS url()) or frames: one rule each, used by the schemas that check what is
 * saved and by the components that render it. Plain code, for browser and
 * server alike.
 */

export const INVALID_URL = 'Must be a valid URL'

/** Longer addresses are refused: no real image or document address comes near it. */
export const MAX_URL_LENGTH = 2000

/** One segment of a storage key: no `..`, no leading dot, no characters a path or a CSS url() would read differently. */
const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/

/**
 * A key inside a bucket: up to 8 simple segments joined by `/`, at most 512
 * characters, so no key can leave its bucket on disk nor name another
 * bucket's object in S3.
 */
export function isStorageKey(key: string): boolean {
  const segments = key.split('/')
  return key.length > 0 && key.length <= 512 && segments.length <= 8 && segments.every((segment) => KEY_SEGMENT.test(segment) && !segment.includes('..'))
}

const STORED_FILE_URL = /^\/files\/([a-z]{1,32})\/(.+)$/

/**
 * `/files/<bucket>/<key>` → its bucket name and key, or null for any other
 * address. The bucket is a lower-case name (whether it exists is the
 * storage's business); the key follows `isStorageKey`.
 */
export function parseStoredFileUrl(url: string): { bucket: string; key: string } | null {
  const match = STORED_FILE_URL.exec(url)
  if (!match || !isStorageKey(match[2]!)) return null
  return { bucket: match[1]!, key: match[2]! }
}

/** A file this site stores, in the named bucket when one is given. */
export function isStoredFileUrl(url: string, bucket?: string): boolean {
  const parsed = parseStoredFileUrl(url)
  return parsed !== null && (bucket === undefined || parsed.bucket === bucket)
}

const WEB_URL = /^https?:\/\/(?!\/)[^\s\p{Cc}\p{Cf}"'()<>\\`]+$/u
const HTTPS_URL = /^https:\/\/(?!\/)[^\s\p{Cc}\p{Cf}"'()<>\\`]+$/u

/**
 * An absolute address on another site, exactly as a browser will read it:
 * a lower-case `http://` or `https://` scheme, a host, no user name or
 * password, and none of the characters that whitespace-stripping URL parsers,
 * HTML attributes or a CSS url() would read differently (whitespace, control
 * characters, quotes, parentheses, angle brackets, backslashes).
 */
export function isExternalUrl(url: string, options: { httpsOnly?: boolean } = {}): boolean {
  if (url.length > MAX_URL_LENGTH) return false
  if (!(options.httpsOnly ? HTTPS_URL : WEB_URL).test(url) || !URL.canParse(url)) return false
  const parsed = new URL(url)
  return parsed.hostname !== '' && parsed.username === '' && parsed.password === ''
}

/**
 * An image a page may show: one of our stored files, or an https address
 * (the Content-Security-Policy loads images from this site and over https only).
 */
export function isImageSource(url: string): boolean {
  return isStoredFileUrl(url) || isExternalUrl(url, { httpsOnly: true })
}

/** A link to a document: one of our stored files (in the named bucket when given) or an http(s) address. */
export function isDocumentLink(url: string, bucket?: string): boolean {
  return isStoredFileUrl(url, bucket) || isExternalUrl(url)
}

/** A path on this site ('/calendar', '/blogs/snow-day#times'): one slash, then none of the characters `isExternalUrl` refuses. */
const SITE_PATH = /^\/(?![/\\])[^\s\p{Cc}\p{Cf}"'()<>\\`]*$/u

/** A link a visitor follows from a notice: a path on this site (under /files/, only one of our stored files), or an http(s) address. */
export function isVisitorLink(url: string): boolean {
  if (url.length > MAX_URL_LENGTH) return false
  if (url.startsWith('/files/')) return isStoredFileUrl(url)
  return SITE_PATH.test(url) || isExternalUrl(url)
}

/**
 * The embed page of a calendar service the calendar page frames (see
 * `CALENDAR_SERVICES`): https, exactly the service's host on the default
 * port, no user name or password, and the service's embed path. A look-alike
 * host (`calendar.google.com.evil.example`) has another origin and is refused.
 */
export function isEmbeddableCalendarUrl(url: string): boolean {
  if (!isExternalUrl(url, { httpsOnly: true })) return false
  const parsed = new URL(url)
  const service = CALENDAR_SERVICES.find((candidate) => candidate.origin === parsed.origin)
  return service !== undefined && service.isEmbedPath(parsed.pathname)
}
