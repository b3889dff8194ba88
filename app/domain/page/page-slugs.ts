/**
 * The first path segments the site already answers at (app/routes.ts, the
 * files in public/, the server's probes and the browser's own requests): a page at one of them
 * would never be shown, or would hide a screen. A unit test proves every
 * fixed top-level route segment is here (tests/unit/page-slugs.test.ts).
 */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  'gallery',
  'blogs',
  'policies',
  'calendar',
  'contact',
  'search',
  'subscribe',
  'unsubscribe',
  'staff',
  'preview',
  'admin',
  'auth',
  'api',
  'files',
  'share-images',
  'assets',
  'sitemap.xml',
  'sitemaps',
  'robots.txt',
  'calendar.ics',
  'alerts.rss',
  'favicon.ico',
  'favicon.svg',
  'apple-touch-icon.png',
  'manifest.webmanifest',
  'sw.js',
  'icons',
  'push',
  '.well-known',
  'healthz',
  'readyz',
])

/** Whether a page may not take this slug: the site already uses `/{slug}`. */
export function isReservedPageSlug(slug: string): boolean {
  return RESERVED_PAGE_SLUGS.has(slug.toLowerCase())
}
