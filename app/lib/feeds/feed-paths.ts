/** Where the feeds live: pages link to them, so this module must stay free of the feed builders. */
export const BLOG_FEED_PATH = '/blogs/rss.xml'
export const CALENDAR_FEED_PATH = '/calendar.ics'
