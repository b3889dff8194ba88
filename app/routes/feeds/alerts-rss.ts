import { buildAlertsRss } from '#app/services/feeds/alerts-rss.ts'
import { feedResponse } from '#app/services/feeds/feed-response.ts'
import { alertsFeedInput } from '#app/services/feeds/feed-sources.server.ts'

export async function loader() {
  // A minute of caching, not five: an alert must not wait long in a cache.
  return feedResponse(buildAlertsRss(await alertsFeedInput(new Date())), 'application/rss+xml; charset=utf-8', { 'Cache-Control': 'public, max-age=60' })
}
