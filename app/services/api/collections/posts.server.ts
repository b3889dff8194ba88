import { z } from 'zod'
import { createBlogPost, deleteBlogPost, updateBlogPost } from '#app/domain/blog/blog-admin.server.ts'
import { BLOG_LIMITS, blogSchema } from '#app/domain/blog/blog.schema.ts'
import { getBlogPost, listBlogPostsPage } from '#app/domain/blog/blog.server.ts'
import type { BlogPost } from '#app/domain/blog/blog.ts'
import { publicationState } from '#app/domain/publishing/publication.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { defineCollection } from '../collection.ts'
import { timestamp } from '../fields.ts'
import { coverFieldsOf, publishableFields, publishableSubmission } from '../publishable-fields.server.ts'

const POST_FIELDS = publishableFields('post')

/** A post as every answer gives it. */
export const postItem = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string().meta({ description: 'The post\'s address on the site: /blogs/{slug}.' }),
  excerpt: z.string().nullable().meta({ description: 'Shown in lists; without one, the first 150 characters of the content.' }),
  content: z.string().meta({ description: 'HTML, as stored after sanitising.' }),
  cover_image: z.string().nullable().meta({ description: 'Address of the cover image on this site (/files/blogs/…), or null.' }),
  ...POST_FIELDS.item,
  published_at: timestamp('When the post is (or was, or is planned to be) published: the date the site shows, and the order of lists.'),
  updated_at: timestamp('When the post last changed.'),
})

const input = z.object({
  title: blogSchema.shape.title,
  slug: blogSchema.shape.slug.meta({ description: 'Lowercase letters, numbers and hyphens; unique among posts.' }),
  excerpt: z.union([blogSchema.shape.excerpt, z.null()]).meta({ maxLength: BLOG_LIMITS.excerpt, description: 'Empty or null for none.' }),
  content: blogSchema.shape.content.meta({
    maxLength: BLOG_LIMITS.content,
    description: 'HTML. Sanitised as the editor\'s content is: scripts, event handlers, styles and unknown tags are removed.',
  }),
  ...POST_FIELDS.input,
})

export function toPostItem(post: BlogPost): z.output<typeof postItem> {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    ...coverFieldsOf(post),
    status: publicationState(post),
    published_at: post.publishedAt,
    updated_at: post.updatedAt,
  }
}

/** The API's input as the blog form gives it to the domain: a file replaces the cover, null removes it. */
async function toSubmission(values: z.output<typeof input>, stored?: z.output<typeof postItem>) {
  return {
    ...publishableSubmission(values, await siteTimeZone(), stored),
    title: values.title,
    slug: values.slug,
    excerpt: values.excerpt ?? null,
    content: values.content,
  }
}

/** Blog posts: the public blog, newest first. */
export const posts = defineCollection({
  name: 'posts',
  title: 'Blog posts',
  description:
    'The posts of the blog (/blogs), drafts and scheduled ones included, by publish date, newest first. A new post is published at once unless its status says otherwise; only published posts whose time has come are public.',
  minimumRole: 'editor',
  bodyLimit: 'imageUpload',
  item: postItem,
  input,
  filters: z.object({ slug: z.string().optional().meta({ description: 'Only the post with this slug.' }) }),
  domainFieldNames: { coverFile: 'cover_image', removeCover: 'cover_image', publishedAt: 'published_at', coverAlt: 'cover_alt', coverFocalX: 'cover_focal_x', coverFocalY: 'cover_focal_y' },
  editable: (post) => ({ title: post.title, slug: post.slug, excerpt: post.excerpt, content: post.content, status: post.status, published_at: post.published_at }),
  async list({ limit, offset, filters }) {
    const page = await listBlogPostsPage({ limit, offset, slug: filters.slug })
    return { items: page.posts.map(toPostItem), total: page.total }
  },
  async read(id) {
    const post = await getBlogPost(id)
    return post ? toPostItem(post) : null
  },
  create: async (values, caller) => toPostItem(await createBlogPost(await toSubmission(values), { authorId: caller.userId })),
  async update(id, values, caller) {
    const stored = await getBlogPost(id)
    return toPostItem(await updateBlogPost(id, await toSubmission(values, stored ? toPostItem(stored) : undefined), { authorId: caller.userId }))
  },
  remove: (id) => deleteBlogPost(id),
})
