import { config } from '#app/lib/env.server.ts'
import { feedResponse } from '#app/services/feeds/feed-response.ts'
import { sitemapFileEntries } from '#app/services/feeds/feed-sources.server.ts'
import { sitemapBody, sitemapStream } from '#app/services/feeds/sitemap.ts'
import type { Route } from './+types/sitemap-file.ts'

/** One sitemap file the index at /sitemap.xml names, e.g. /sitemaps/posts-2.xml; any other name: 404. */
export async function loader({ params }: Route.LoaderArgs) {
  const entries = await sitemapFileEntries(params.file)
  if (!entries) throw new Response('No such sitemap', { status: 404 })
  return feedResponse(sitemapBody(sitemapStream(config.publicUrl, entries)), 'application/xml; charset=utf-8')
}
