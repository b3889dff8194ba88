import type { Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { pageOfQuery } from '#app/lib/list-page.server.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'
import { readBool, readTimestamp } from '#db/portable.ts'
import type { BlogTable } from '#db/tables/content.ts'
import { publiclyVisible } from '../publishing/visibility.server.ts'
import type { BlogPost } from './blog.ts'

export function toBlogPost(row: Selectable<BlogTable>): BlogPost {
  return {
    id: row.id,
    status: row.status,
    slug: row.slug,
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    coverImage: row.cover_image,
    coverAlt: row.cover_alt,
    coverDecorative: readBool(row.cover_decorative),
    coverFocal: { x: row.cover_focal_x, y: row.cover_focal_y },
    publishedAt: readTimestamp(row.published_at),
    updatedAt: readTimestamp(row.updated_at),
  }
}

/** The posts a visitor may see at `now`, newest first. */
export async function listPublicBlogPosts(now: Date = new Date()): Promise<BlogPost[]> {
  const rows = await db.selectFrom('blogs').selectAll().where(publiclyVisible(now)).orderBy('published_at', 'desc').orderBy('id').execute()
  return rows.map(toBlogPost)
}

/** How many posts a visitor may see at `now`: the sitemap index's count of post sitemaps. */
export async function countPublicBlogPosts(now: Date = new Date()): Promise<number> {
  const row = await db.selectFrom('blogs').select((eb) => eb.fn.countAll().as('count')).where(publiclyVisible(now)).executeTakeFirstOrThrow()
  return Number(row.count)
}

/** The addresses and last changes of `limit` posts from `offset` on, newest first: one post sitemap, without reading the posts' text. */
export async function listPublicBlogPostSlugs(now: Date, offset: number, limit: number): Promise<{ slug: string; updatedAt: string }[]> {
  const rows = await db.selectFrom('blogs').select(['slug', 'updated_at']).where(publiclyVisible(now)).orderBy('published_at', 'desc').orderBy('id').limit(limit).offset(offset).execute()
  return rows.map((row) => ({ slug: row.slug, updatedAt: readTimestamp(row.updated_at) }))
}

/** Posts on one page of /blogs: whole rows of the list's 1, 2 and 3 columns. */
export const PUBLIC_POSTS_PAGE_SIZE = 12

/** One page of the posts a visitor may see at `now`, newest first: /blogs. */
export async function listPublicBlogPostsPage(page: number, now: Date = new Date()): Promise<{ posts: BlogPost[]; pages: ListPageInfo }> {
  const { rows, pages } = await pageOfQuery(db.selectFrom('blogs').selectAll().where(publiclyVisible(now)).orderBy('published_at', 'desc').orderBy('id'), page, PUBLIC_POSTS_PAGE_SIZE)
  return { posts: rows.map(toBlogPost), pages }
}

/** The `count` newest posts a visitor may see at `now`: the home page's Latest News. */
export async function listNewestPublicBlogPosts(count: number, now: Date = new Date()): Promise<BlogPost[]> {
  const rows = await db.selectFrom('blogs').selectAll().where(publiclyVisible(now)).orderBy('published_at', 'desc').orderBy('id').limit(count).execute()
  return rows.map(toBlogPost)
}

/** The post at /blogs/{slug}, if a visitor may see it at `now`. */
export async function getPublicBlogPostBySlug(slug: string, now: Date = new Date()): Promise<BlogPost | null> {
  const row = await db.selectFrom('blogs').selectAll().where('slug', '=', slug).where(publiclyVisible(now)).executeTakeFirst()
  return row ? toBlogPost(row) : null
}

export async function getBlogPost(id: string): Promise<BlogPost | null> {
  const row = await db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toBlogPost(row) : null
}

/** One page of posts, newest first, with the number of posts in all pages; optionally only the one with `slug`. */
export async function listBlogPostsPage(query: { limit: number; offset: number; slug?: string }): Promise<{ posts: BlogPost[]; total: number }> {
  let filtered = db.selectFrom('blogs')
  if (query.slug !== undefined) filtered = filtered.where('slug', '=', query.slug)
  const [rows, count] = await Promise.all([
    filtered.selectAll().orderBy('published_at', 'desc').orderBy('id').limit(query.limit).offset(query.offset).execute(),
    filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { posts: rows.map(toBlogPost), total: Number(count.total) }
}
