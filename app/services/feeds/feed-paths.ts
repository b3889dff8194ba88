/** The feeds' paths, which pages link to and the page cache keeps: this module must stay free of the feed builders, which pages do not ship. */
export const BLOG_FEED_PATH = '/blogs/rss.xml'
export const BLOG_ATOM_PATH = '/blogs/atom.xml'
export const BLOG_JSON_FEED_PATH = '/blogs/feed.json'
export const CALENDAR_FEED_PATH = '/calendar.ics'
export const ALERTS_FEED_PATH = '/alerts.rss'
export const SITEMAP_PATH = '/sitemap.xml'
export const ROBOTS_PATH = '/robots.txt'

export function blogPostPath(slug: string) {
  return `/blogs/${encodeURIComponent(slug)}`
}

/** The feeds at one address each; an event's calendar file and the sitemap's files follow a pattern. */
const FEED_PATHS = new Set([BLOG_FEED_PATH, BLOG_ATOM_PATH, BLOG_JSON_FEED_PATH, CALENDAR_FEED_PATH, ALERTS_FEED_PATH, SITEMAP_PATH, ROBOTS_PATH])
const FEED_FILES = /^\/(?:calendar\/[^/]+\.ics|sitemaps\/[^/]+\.xml)$/

/**
 * Whether a path is one of the site's feeds, named one by one: the page
 * cache keeps them as it keeps pages (docs/product-rules.md#page-cache), and
 * no other path with a dot (a file, a route's `.data`, a share image).
 */
export function isFeedPath(path: string): boolean {
  return FEED_PATHS.has(path) || FEED_FILES.test(path)
}
