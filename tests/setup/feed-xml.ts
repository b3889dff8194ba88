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
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => name === 'item' || name === 'url',
})

/** Reads an RSS feed or a sitemap; `item` and `url` are always lists. */
export function parseFeedXml(text: string): FeedXml {
  return parser.parse(text) as FeedXml
}
