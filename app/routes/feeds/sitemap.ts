import { Readable } from 'node:stream'
import { config } from '#app/lib/env.server.ts'
import { feedResponse } from '#app/services/feeds/feed-response.ts'
import { sitemapEntries } from '#app/services/feeds/feed-sources.server.ts'
import { sitemapStream } from '#app/services/feeds/sitemap.ts'

export async function loader() {
  // The library writes text chunks; the response streams them as UTF-8.
  const text = Readable.toWeb(sitemapStream(config.publicUrl, await sitemapEntries())) as ReadableStream<string>
  return feedResponse(text.pipeThrough(new TextEncoderStream()), 'application/xml; charset=utf-8')
}
