import { pipeline, Readable } from 'node:stream'
import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap'
import { inPieces } from '#app/lib/response-pieces.server.ts'

export interface SitemapEntry {
  /** Site-relative path, already URL-encoded. */
  path: string
  /** ISO 8601 timestamp of the page's last change. */
  lastModified?: string
}

/**
 * A sitemaps.org `urlset` with one absolute `<loc>` per page, written by the
 * `sitemap` library as a stream.
 */
export function sitemapStream(siteUrl: string, entries: Iterable<SitemapEntry> | AsyncIterable<SitemapEntry>): Readable {
  // Only the plain namespace: the pages list no images, videos, news or language versions.
  const sitemap = new SitemapStream({ hostname: `${siteUrl}/`, xmlns: { news: false, xhtml: false, image: false, video: false } })
  const urls = Readable.from(
    (async function* () {
      for await (const { path, lastModified } of entries) yield lastModified ? { url: `${siteUrl}${path}`, lastmod: lastModified } : { url: `${siteUrl}${path}` }
    })(),
  )
  return urls.pipe(sitemap)
}

/** The whole sitemap as text. */
export async function buildSitemap(siteUrl: string, entries: Iterable<SitemapEntry>): Promise<string> {
  return (await streamToPromise(sitemapStream(siteUrl, entries))).toString('utf8')
}

/** A sitemaps.org `sitemapindex` naming each of the site's sitemaps (site-relative paths) by its absolute address. */
export function sitemapIndexStream(siteUrl: string, paths: readonly string[]): Readable {
  return Readable.from(paths.map((path) => ({ url: `${siteUrl}${path}` }))).pipe(new SitemapIndexStream())
}

/**
 * A stream of XML text as a response body of UTF-8 bytes, in pieces of about 16 KB: the library writes a piece of
 * text per tag, and a file of 5,000 addresses sent a piece at a time took most of a second gzip-compressed, where the
 * text takes some tens of milliseconds to write.
 */
export function sitemapBody(stream: Readable): ReadableStream<Uint8Array> {
  // A failure of the library's stream destroys the pieces' stream too, and so ends the response in an error.
  return Readable.toWeb(pipeline(stream, inPieces(), () => {})) as ReadableStream<Uint8Array>
}
