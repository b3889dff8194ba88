/** Paths that pages and feeds both link to: this module must stay free of the feed builders, which pages do not ship. */
export const BLOG_FEED_PATH = '/blogs/rss.xml'
export const BLOG_ATOM_PATH = '/blogs/atom.xml'
export const BLOG_JSON_FEED_PATH = '/blogs/feed.json'
export const CALENDAR_FEED_PATH = '/calendar.ics'
export const ALERTS_FEED_PATH = '/alerts.rss'

export function blogPostPath(slug: string) {
  return `/blogs/${encodeURIComponent(slug)}`
}
