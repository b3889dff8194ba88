import { matchPath } from 'react-router'

/**
 * Paths never served from or kept in the cache: staff screens, sign-in, the
 * content API and every other API, previews, and the pages opened from a
 * family's own mailed link (subscription and unsubscribe tokens), and the
 * search (one page per query: any visitor could fill the cache with them).
 */
export const UNCACHED_PATHS = /^\/(?:admin|api|auth|preview|subscribe\/(?:confirm|manage)|unsubscribe|search|files|share-images|push)(?:\/|$)/i

/**
 * The query parameters each cached page or feed reads, by its route's path
 * (as in app/routes.ts). The page cache keeps one page per path and these
 * parameters' values, and renders it from that address alone: any other
 * parameter (a newsletter's campaign tag, a made-up one) gets the same page,
 * so it can neither make a new entry nor show in what is stored for others.
 * A public route that starts reading a parameter is listed here
 * (tests/unit/page-cache-keys.test.ts compares the route files with this table).
 */
export const PAGE_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/blogs': ['page'],
  '/gallery': ['albums', 'folder', 'page'],
  '/gallery/:album': ['page'],
  '/policies': ['category'],
  '/calendar': ['view', 'month', 'category'],
  '/calendar.ics': ['category'],
}

/**
 * React Router's own address for the routes a page's links lead to (lazy route discovery), which reads both:
 * without them its answer tells the browser its build is stale, and the browser reloads the page.
 */
const FRAMEWORK_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = { '/__manifest': ['paths', 'version'] }

const ROUTES = Object.entries({ ...PAGE_QUERY_PARAMS, ...FRAMEWORK_QUERY_PARAMS }).map(([path, params]) => ({ pattern: { path, caseSensitive: false, end: true }, params }))

/**
 * The address a page is kept and rendered under: its path, then the
 * parameters its route reads, in the table's order, each once (the first
 * value, as the routes read it) and only when not empty (every route reads an
 * empty value as a missing one). `?b=2&a=1&utm_source=x` and `?a=1&b=2` are one
 * page.
 */
export function canonicalPageAddress(originalUrl: string): string {
  // Joined, not resolved: `//host/path` is a path here, not another host's address.
  const url = new URL(`http://site${originalUrl}`)
  const read = ROUTES.find(({ pattern }) => matchPath(pattern, url.pathname))?.params ?? []
  const kept = new URLSearchParams()
  for (const name of read) {
    const value = url.searchParams.get(name)
    if (value) kept.set(name, value)
  }
  return kept.size ? `${url.pathname}?${kept}` : url.pathname
}
