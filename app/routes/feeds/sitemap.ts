import { config } from '#app/lib/env.server.ts'
import { feedResponse } from '#app/services/feeds/feed-response.ts'
import { sitemapEntries } from '#app/services/feeds/feed-sources.server.ts'
import { buildSitemap } from '#app/services/feeds/sitemap.ts'

export async function loader() {
  return feedResponse(buildSitemap(config.publicUrl, await sitemapEntries()), 'application/xml; charset=utf-8')
}
