import { countOf } from '#app/lib/list-params.ts'
import type { BlogPost } from './blog.ts'

/** The admin blog list's `?show=`, by publication state (docs/product-rules.md#publishing). */
export const BLOG_LIST_FILTER = { values: ['all', 'published', 'scheduled', 'draft'], fallback: 'all' } as const
export type BlogListFilter = (typeof BLOG_LIST_FILTER.values)[number]

export const BLOG_LIST_MESSAGES = {
  published: (count: number) => `${countOf(count, 'post')} published`,
  unpublished: (count: number) => `${countOf(count, 'post')} moved to drafts`,
  deletedMany: (count: number) => `${countOf(count, 'post')} deleted`,
  none: (filter: BlogListFilter) => (filter === 'all' ? 'No blog posts yet.' : `No ${filter === 'draft' ? 'drafts' : `${filter} posts`}.`),
} as const

/**
 * A post as the admin list shows it: all but its text, with the words its
 * card shows. Its editor loads the whole post when it opens, so a page of
 * long posts stays light.
 */
export type ListedBlogPost = Omit<BlogPost, 'content' | 'excerpt'> & { cardText: string }
