import { Feed } from 'feed'
import { excerptOf, type BlogPost } from '#app/domain/blog/blog.ts'
import { BLOG_ATOM_PATH, BLOG_FEED_PATH, BLOG_JSON_FEED_PATH, blogPostPath } from './feed-paths.ts'
import { feedHtml, feedText } from './feed-text.ts'

export interface BlogFeedInput {
  /** Absolute site address without a trailing slash. */
  siteUrl: string
  schoolName: string
  description: string
  posts: readonly BlogPost[]
  /** The build date of a feed that has no posts yet. */
  now: Date
}

type Format = 'rss' | 'atom' | 'json'

/** The feed's date: the latest publication or edit among the posts. */
function lastChange({ posts, now }: BlogFeedInput) {
  const latest = posts.reduce((found, post) => Math.max(found, Date.parse(post.updatedAt), Date.parse(post.publishedAt)), -Infinity)
  return Number.isFinite(latest) ? new Date(latest) : now
}

/** A malformed cover address drops the image, not the whole feed. */
function coverOf(siteUrl: string, post: BlogPost) {
  return post.coverImage && URL.canParse(post.coverImage, `${siteUrl}/`) ? new URL(post.coverImage, `${siteUrl}/`).href : undefined
}

/**
 * One feed of the public posts, newest first, written by the `feed` library
 * in each format. Titles and summaries are plain text: RSS carries them as
 * text, Atom and JSON Feed as HTML, so there they are escaped first.
 */
function blogFeed(input: BlogFeedInput, format: Format): Feed {
  const { siteUrl } = input
  const asText = format === 'rss' ? feedText : feedHtml
  const feed = new Feed({
    id: `${siteUrl}/blogs`,
    title: feedText(input.schoolName),
    description: feedText(input.description),
    link: `${siteUrl}/blogs`,
    language: 'en',
    updated: lastChange(input),
    generator: false,
    feedLinks: { rss: `${siteUrl}${BLOG_FEED_PATH}`, atom: `${siteUrl}${BLOG_ATOM_PATH}`, json: `${siteUrl}${BLOG_JSON_FEED_PATH}` },
  })
  const newestFirst = [...input.posts].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
  for (const post of newestFirst) {
    const url = `${siteUrl}${blogPostPath(post.slug)}`
    feed.addItem({
      title: asText(post.title),
      link: url,
      // JSON Feed requires an id; RSS without one makes the link a permalink guid, as readers already know each post.
      ...(format === 'json' ? { id: url } : {}),
      date: new Date(post.updatedAt),
      published: new Date(post.publishedAt),
      description: asText(excerptOf(post)),
      image: coverOf(siteUrl, post),
    })
  }
  return feed
}

/** `/blogs/rss.xml`: RSS 2.0. */
export const buildBlogRss = (input: BlogFeedInput) => blogFeed(input, 'rss').rss2()

/** `/blogs/atom.xml`: Atom 1.0. */
export const buildBlogAtom = (input: BlogFeedInput) => blogFeed(input, 'atom').atom1()

/** `/blogs/feed.json`: JSON Feed. */
export const buildBlogJsonFeed = (input: BlogFeedInput) => blogFeed(input, 'json').json1()
