import { escapeXml, XML_DECLARATION } from './xml.ts'

export const SITEMAP_PATH = '/sitemap.xml'

export interface SitemapEntry {
  /** Site-relative path, already URL-encoded. */
  path: string
  /** ISO 8601 timestamp of the page's last change. */
  lastModified?: string
}

/** A sitemaps.org `urlset` with one absolute `<loc>` per page. */
export function buildSitemap(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>` : ''
    return `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc>${lastmod}</url>`
  })
  return [XML_DECLARATION, '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n')
}
