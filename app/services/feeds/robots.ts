import { SITEMAP_PATH } from './feed-paths.ts'

/** Crawlers may read the public site; the staff area, sign-in and API are not for search results. */
export function buildRobotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /auth', 'Disallow: /api/', '', `Sitemap: ${siteUrl}${SITEMAP_PATH}`, ''].join('\n')
}
