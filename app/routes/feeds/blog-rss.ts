import { feedResponse } from '#app/lib/feeds/feed-response.ts'
import { blogFeedInput } from '#app/lib/feeds/feed-sources.server.ts'
import { buildBlogRss } from '#app/lib/feeds/rss.ts'

export async function loader() {
  return feedResponse(buildBlogRss(await blogFeedInput(new Date())), 'application/rss+xml; charset=utf-8')
}
