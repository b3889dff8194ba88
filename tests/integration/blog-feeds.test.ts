import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, test } from 'vitest'
import { createBlogPost } from '#app/domain/blog/blog-admin.server.ts'
import { config } from '#app/lib/env.server.ts'
import { loader as atomLoader } from '#app/routes/feeds/blog-atom.ts'
import { loader as jsonFeedLoader } from '#app/routes/feeds/blog-json-feed.ts'
import { loader as rssLoader } from '#app/routes/feeds/blog-rss.ts'
import { loader as sitemapFileLoader } from '#app/routes/feeds/sitemap-file.ts'
import { newId } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { parseFeedXml } from '#tests/setup/feed-xml.ts'

const database = prepareTestDatabase()

const atomParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, isArray: (name) => name === 'entry' || name === 'link' })

interface AtomEntry {
  title: { '#text': string; '@_type': string }
  id: string
  link: { '@_href': string; '@_rel'?: string; '@_type'?: string }[]
  updated: string
  published: string
  summary: { '#text': string }
}

interface JsonFeed {
  version: string
  title: string
  home_page_url: string
  feed_url: string
  items: { id: string; url: string; title: string; content_html: string; image?: string; date_published: string; date_modified: string }[]
}

const DAY = 24 * 60 * 60 * 1000

/** A wall-clock time in the school's zone, as the publish-date field sends it; days apart, so the zone does not matter. */
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 16)

/** A published post (yesterday, or `daysAgo`), a draft and a scheduled one, each with its own slug. */
async function posts() {
  const slug = (label: string) => `${label}-${newId().slice(0, 8)}`
  const base = { excerpt: null, content: '<p>Sand.</p>', removeCover: false, coverFile: null, coverAlt: '' }
  const older = await createBlogPost({
    ...base,
    title: 'Older & <wiser>',
    slug: slug('older'),
    excerpt: 'Tea & <cake>',
    publication: { state: 'published', publishAt: daysFromNow(-3) },
  })
  const newer = await createBlogPost({ ...base, title: 'Newer post', slug: slug('newer'), publication: { state: 'published', publishAt: daysFromNow(-1) } })
  const draft = await createBlogPost({ ...base, title: 'Draft post', slug: slug('draft'), publication: { state: 'draft' } })
  const scheduled = await createBlogPost({ ...base, title: 'Scheduled post', slug: slug('scheduled'), publication: { state: 'scheduled', publishAt: daysFromNow(3) } })
  return { older, newer, draft, scheduled }
}

const postUrl = (post: { slug: string }) => `${config.publicUrl}/blogs/${post.slug}`

describe(`blog feeds on ${database.engine}`, () => {
  test('Atom: the feed links to /blogs and itself; entries newest first with their links and dates; no drafts, no scheduled posts', async () => {
    const { older, newer, draft, scheduled } = await posts()
    const response = await atomLoader()
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    const text = await response.text()
    expect(XMLValidator.validate(text)).toBe(true)
    const feed = (atomParser.parse(text) as { feed: { '@_xmlns': string; id: string; link: { '@_href': string; '@_rel': string }[]; entry?: AtomEntry[] } }).feed
    expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom')
    expect(feed.link).toEqual(
      expect.arrayContaining([
        { '@_rel': 'alternate', '@_href': `${config.publicUrl}/blogs` },
        { '@_rel': 'self', '@_href': `${config.publicUrl}/blogs/atom.xml` },
      ]),
    )
    const entries = feed.entry ?? []
    const ids = entries.map((entry) => entry.id)
    expect(ids.indexOf(postUrl(newer))).toBeLessThan(ids.indexOf(postUrl(older)))
    expect(ids).not.toContain(postUrl(draft))
    expect(ids).not.toContain(postUrl(scheduled))
    expect(text).not.toContain('Draft post')
    expect(text).not.toContain('Scheduled post')
    const entry = entries.find((candidate) => candidate.id === postUrl(older))!
    expect(entry.link[0]).toEqual({ '@_href': postUrl(older) })
    // Atom's html titles and summaries: the text escaped once more, so a reader shows '<wiser>' rather than reading a tag.
    expect(entry.title).toEqual({ '#text': 'Older &amp; &lt;wiser&gt;', '@_type': 'html' })
    expect(entry.summary['#text']).toBe('Tea &amp; &lt;cake&gt;')
    expect(new Date(entry.published).getTime()).toBeLessThan(Date.now() - 2 * DAY)
  })

  test('JSON Feed: the feed and its items with ids, links, titles, dates; no drafts, no scheduled posts', async () => {
    const { older, newer, draft, scheduled } = await posts()
    const response = await jsonFeedLoader()
    expect(response.headers.get('content-type')).toBe('application/feed+json; charset=utf-8')
    const feed = (await response.json()) as JsonFeed
    expect(feed.version).toBe('https://jsonfeed.org/version/1')
    expect(feed.home_page_url).toBe(`${config.publicUrl}/blogs`)
    expect(feed.feed_url).toBe(`${config.publicUrl}/blogs/feed.json`)
    const urls = feed.items.map((item) => item.url)
    expect(urls.indexOf(postUrl(newer))).toBeLessThan(urls.indexOf(postUrl(older)))
    expect(urls).not.toContain(postUrl(draft))
    expect(urls).not.toContain(postUrl(scheduled))
    const item = feed.items.find((candidate) => candidate.url === postUrl(older))!
    expect(item).toMatchObject({ id: postUrl(older), title: 'Older &amp; &lt;wiser&gt;', content_html: 'Tea &amp; &lt;cake&gt;' })
    expect(new Date(item.date_published).getTime()).toBeLessThan(Date.now() - 2 * DAY)
  })

  test('RSS: the same posts', async () => {
    const { newer, draft, scheduled } = await posts()
    const channel = parseFeedXml(await (await rssLoader()).text()).rss.channel
    const links = (channel.item ?? []).map((item) => item.link)
    expect(links).toContain(postUrl(newer))
    expect(links).not.toContain(postUrl(draft))
    expect(links).not.toContain(postUrl(scheduled))
  })

  test('the sitemap lists the published posts, streamed as XML', async () => {
    const { newer, draft } = await posts()
    const response = await sitemapFileLoader({ params: { file: 'posts-1.xml' } } as never)
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const text = await response.text()
    expect(XMLValidator.validate(text)).toBe(true)
    const locations = (parseFeedXml(text).urlset.url ?? []).map((url) => url.loc)
    expect(locations).toContain(postUrl(newer))
    expect(locations).not.toContain(postUrl(draft))
  })
})
