import { excerptOf, type BlogPost } from '#app/domain/blog/blog.ts'
import { BLOG_FEED_PATH, blogPostPath } from './feed-paths.ts'
import { escapeXml, XML_DECLARATION } from './xml.ts'

export interface BlogFeedInput {
  /** Absolute site address without a trailing slash. */
  siteUrl: string
  schoolName: string
  description: string
  posts: readonly BlogPost[]
  /** The build date of a feed that has no posts yet. */
  now: Date
}

/** RFC 822 date-time, as RSS 2.0 requires: 'Sun, 14 Mar 2027 15:00:00 GMT'. */
export function rfc822(iso: string) {
  return new Date(iso).toUTCString()
}

export function element(name: string, text: string) {
  return `<${name}>${escapeXml(text)}</${name}>`
}

function item(siteUrl: string, post: BlogPost) {
  const url = `${siteUrl}${blogPostPath(post.slug)}`
  // A malformed cover address drops the image, not the whole feed.
  const cover = post.coverImage && URL.canParse(post.coverImage, `${siteUrl}/`) ? new URL(post.coverImage, `${siteUrl}/`).href : null
  return [
    '    <item>',
    `      ${element('title', post.title)}`,
    `      ${element('link', url)}`,
    `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
    `      ${element('pubDate', rfc822(post.publishedAt))}`,
    `      ${element('description', excerptOf(post))}`,
    ...(cover ? [`      <media:content url="${escapeXml(cover)}" medium="image"/>`] : []),
    '    </item>',
  ]
}

/** An RSS 2.0 feed of blog posts, newest first. */
export function buildBlogRss({ siteUrl, schoolName, description, posts, now }: BlogFeedInput): string {
  const newestFirst = [...posts].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
  const lastChange = posts.reduce((latest, post) => Math.max(latest, Date.parse(post.updatedAt), Date.parse(post.publishedAt)), -Infinity)
  const lastBuildDate = Number.isFinite(lastChange) ? new Date(lastChange) : now
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    '  <channel>',
    `    ${element('title', schoolName)}`,
    `    ${element('link', `${siteUrl}/blogs`)}`,
    `    ${element('description', description)}`,
    `    <atom:link href="${escapeXml(`${siteUrl}${BLOG_FEED_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    '    <language>en</language>',
    `    ${element('lastBuildDate', lastBuildDate.toUTCString())}`,
    ...newestFirst.flatMap((post) => item(siteUrl, post)),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
