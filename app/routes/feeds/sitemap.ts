import { config } from '#app/lib/env.server.ts'
import { feedResponse } from '#app/lib/feeds/feed-response.ts'
import { sitemapEntries } from '#app/lib/feeds/feed-sources.server.ts'
import { buildSitemap } from '#app/lib/feeds/sitemap.ts'

export async function loader() {
  return feedResponse(buildSitemap(config.publicUrl, await sitemapEntries()), 'application/xml; charset=utf-8')
}
