import { feedResponse } from '#app/services/feeds/feed-response.ts'
import { blogFeedInput } from '#app/services/feeds/feed-sources.server.ts'
import { buildBlogRss } from '#app/services/feeds/blog-feeds.ts'

export async function loader() {
  return feedResponse(buildBlogRss(await blogFeedInput(new Date())), 'application/rss+xml; charset=utf-8')
}
