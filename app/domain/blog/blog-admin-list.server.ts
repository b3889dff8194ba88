import { db } from '#app/lib/db.server.ts'
import { pageOfQuery, requireExistingIds } from '#app/lib/list-page.server.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'
import { containsText } from '#app/lib/text-filter.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { inPublicationState, publicationStateCounts } from '../publishing/publication-filter.server.ts'
import { deleteBlogPost, updateBlogPost, type BlogAuthor } from './blog-admin.server.ts'
import type { BlogListFilter, ListedBlogPost } from './blog-admin-list.ts'
import { toBlogPost } from './blog.server.ts'
import { excerptOf, type BlogPost } from './blog.ts'

/**
 * One page of the admin blog list, newest publish date first, of one
 * publication state or all; the counts are of the posts matching the search.
 * Scheduled is not stored: a published post whose time is ahead.
 */
export async function listBlogPostsForAdmin({
  search = '',
  filter = 'all',
  page = 1,
  now = new Date(),
}: { search?: string; filter?: BlogListFilter; page?: number; now?: Date } = {}): Promise<{ posts: ListedBlogPost[]; pages: ListPageInfo; counts: Record<BlogListFilter, number> }> {
  let searched = db.selectFrom('blogs')
  if (search) searched = searched.where(containsText(['title'], search))
  const shown = filter === 'all' ? searched : searched.where(inPublicationState('blogs', filter, now))
  const counted = await searched.select(publicationStateCounts('blogs', now)).executeTakeFirstOrThrow()
  const counts = { all: Number(counted.all), published: Number(counted.published ?? 0), scheduled: Number(counted.scheduled ?? 0), draft: Number(counted.draft ?? 0) }
  // The filter's count is the page's total: the posts are counted once.
  const { rows, pages } = await pageOfQuery(shown.selectAll().orderBy('published_at', 'desc').orderBy('id'), page, undefined, counts[filter])
  return { posts: rows.map((row) => listed(toBlogPost(row))), pages, counts }
}

function listed({ content, excerpt, ...post }: BlogPost): ListedBlogPost {
  return { ...post, cardText: excerptOf({ content, excerpt }) }
}

/**
 * Publishes (now, or keeping the time of one already live) or moves to drafts
 * the selected posts in one write, each through the post's own update, so a
 * post going live is announced once and every rule of publishing holds; one
 * refusal (an undescribed image) refuses them all.
 */
export async function setBlogPostsPublication(ids: readonly string[], state: 'published' | 'draft', author: BlogAuthor = {}): Promise<number> {
  return writeTransaction(async (tx) => {
    await requireExistingIds(tx, 'blogs', ids)
    const rows = await tx.db.selectFrom('blogs').selectAll().where('id', 'in', ids).execute()
    for (const post of rows.map(toBlogPost)) {
      const { title, slug, excerpt, content } = post
      await updateBlogPost(post.id, { title, slug, excerpt, content, coverFile: null, removeCover: false, publication: { state } }, author)
    }
    return ids.length
  })
}

/** Deletes the selected posts in one write, each as a single delete does. */
export async function deleteBlogPosts(ids: readonly string[]): Promise<number> {
  return writeTransaction(async (tx) => {
    await requireExistingIds(tx, 'blogs', ids)
    for (const id of ids) await deleteBlogPost(id)
    return ids.length
  })
}
