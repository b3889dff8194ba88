import { buildBlogAtom } from '#app/services/feeds/blog-feeds.ts'
import { feedResponse } from '#app/services/feeds/feed-response.ts'
import { blogFeedInput } from '#app/services/feeds/feed-sources.server.ts'

export async function loader() {
  return feedResponse(buildBlogAtom(await blogFeedInput(new Date())), 'application/atom+xml; charset=utf-8')
}
