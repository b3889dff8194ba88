import { Readable } from 'node:stream'
import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap'

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
 * Characters gathered before a piece of the body is sent. The library writes a piece of text per tag, and each piece
 * on its own went through the response's compression as a write of its own: a file of 5,000 addresses took most of
 * a second to send gzip-compressed, where the text takes some tens of milliseconds to write.
 */
const PIECE_CHARACTERS = 16 * 1024

/** A stream of XML text as a response body of UTF-8 bytes, in pieces of about 16 KB. */
export function sitemapBody(stream: Readable): ReadableStream<Uint8Array> {
  return Readable.toWeb(Readable.from(inPieces(stream))) as ReadableStream<Uint8Array>
}

async function* inPieces(text: AsyncIterable<string | Buffer>): AsyncGenerator<Buffer> {
  let pending = ''
  for await (const part of text) {
    pending += part.toString()
    if (pending.length < PIECE_CHARACTERS) continue
    yield Buffer.from(pending)
    pending = ''
  }
  if (pending) yield Buffer.from(pending)
}
