import { XMLParser } from 'fast-xml-parser'

/** An RSS item as fast-xml-parser reads it: attributes prefixed with '@_', text of an element with attributes in '#text'. */
export interface RssItem {
  title: string
  link: string
  guid: { '#text': string; '@_isPermaLink': string }
  pubDate: string
  description: string
  enclosure?: { '@_url': string; '@_type': string }
  category?: string
}

/** The feeds the site serves (RSS and sitemap), as far as the tests read them. */
export interface FeedXml {
  rss: {
    channel: {
      title: string
      link: string
      description: string
      lastBuildDate: string
      'atom:link': Record<string, string>
      item?: RssItem[]
    }
  }
  urlset: { '@_xmlns': string; url?: { loc: string; lastmod?: string }[] }
  sitemapindex: { sitemap?: { loc: string }[] }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => name === 'item' || name === 'url' || name === 'sitemap',
})

/** Reads an RSS feed, a sitemap or a sitemap index; `item`, `url` and `sitemap` are always lists. */
export function parseFeedXml(text: string): FeedXml {
  return parser.parse(text) as FeedXml
}

interface XmlGetter {
  get(url: string): Promise<{ status(): number; text(): Promise<string> }>
}

/** Every address of a site's sitemap: its index at `/sitemap.xml`, then each file it names, each checked to answer 200. */
export async function sitemapEntries(request: XmlGetter, siteUrl: string): Promise<{ loc: string; lastmod?: string }[]> {
  const index = await request.get(`${siteUrl}/sitemap.xml`)
  if (index.status() !== 200) throw new Error(`/sitemap.xml answered ${index.status()}`)
  const files = (parseFeedXml(await index.text()).sitemapindex.sitemap ?? []).map((sitemap) => sitemap.loc)
  const entries: { loc: string; lastmod?: string }[] = []
  for (const file of files) {
    const response = await request.get(file)
    if (response.status() !== 200) throw new Error(`${file} answered ${response.status()}`)
    entries.push(...(parseFeedXml(await response.text()).urlset.url ?? []))
  }
  return entries
}
