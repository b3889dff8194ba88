import { config } from '#app/lib/env.server.ts'
import { feedResponse } from '#app/services/feeds/feed-response.ts'
import { sitemapFilePaths } from '#app/services/feeds/feed-sources.server.ts'
import { sitemapBody, sitemapIndexStream } from '#app/services/feeds/sitemap.ts'

/** Always an index of the sitemap files, whatever the site's size (docs/product-rules.md#feeds-and-search-engines). */
export async function loader() {
  return feedResponse(sitemapBody(sitemapIndexStream(config.publicUrl, await sitemapFilePaths())), 'application/xml; charset=utf-8')
}
