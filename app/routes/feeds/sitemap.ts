import { Readable } from 'node:stream'
import { config } from '#app/lib/env.server.ts'
import { feedResponse } from '#app/services/feeds/feed-response.ts'
import { sitemapEntries } from '#app/services/feeds/feed-sources.server.ts'
import { sitemapStream } from '#app/services/feeds/sitemap.ts'

export async function loader() {
  const body = Readable.toWeb(sitemapStream(config.publicUrl, await sitemapEntries())) as ReadableStream<Uint8Array>
  return feedResponse(body, 'application/xml; charset=utf-8')
}
