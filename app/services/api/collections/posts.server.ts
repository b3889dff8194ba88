import { z } from 'zod'
import { createBlogPost, deleteBlogPost, updateBlogPost } from '#app/domain/blog/blog-admin.server.ts'
import { BLOG_LIMITS, blogSchema } from '#app/domain/blog/blog.schema.ts'
import { getBlogPost, listBlogPostsPage } from '#app/domain/blog/blog.server.ts'
import type { BlogPost } from '#app/domain/blog/blog.ts'
import { altTextField, focalCoordinate } from '#app/domain/media/media.schema.ts'
import { PUBLICATION_MESSAGES, PUBLICATION_STATES, publicationState, type PublicationChange } from '#app/domain/publishing/publication.ts'
import { API_TIME_DESCRIPTION, isApiTime, wallClock } from '../api-time.server.ts'
import { defineCollection } from '../collection.ts'
import { optionalSwitchField, timestamp } from '../fields.ts'

const COVER_ALT_DESCRIPTION = 'The cover\'s alt text: what it shows, for people who cannot see it (up to 250 characters). A post with a cover is published only when it has alt text or is decorative.'
const COVER_DECORATIVE_DESCRIPTION = 'The cover adds nothing a reader needs: pages give it an empty alt.'
const COVER_FOCAL_DESCRIPTION = (edge: string) => `Where the cover's subject is, from its ${edge} edge: 0 to 1 (0.5 is the middle). Crops (cards, link previews) keep it in view.`

/** A post as every answer gives it. */
export const postItem = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string().meta({ description: 'The post\'s address on the site: /blogs/{slug}.' }),
  excerpt: z.string().nullable().meta({ description: 'Shown in lists; without one, the first 150 characters of the content.' }),
  content: z.string().meta({ description: 'HTML, as stored after sanitising.' }),
  cover_image: z.string().nullable().meta({ description: 'Address of the cover image on this site (/files/blogs/…), or null.' }),
  cover_alt: z.string().meta({ description: COVER_ALT_DESCRIPTION }),
  cover_decorative: z.boolean().meta({ description: COVER_DECORATIVE_DESCRIPTION }),
  cover_focal_x: z.number().meta({ description: COVER_FOCAL_DESCRIPTION('left') }),
  cover_focal_y: z.number().meta({ description: COVER_FOCAL_DESCRIPTION('top') }),
  status: z.enum(PUBLICATION_STATES).meta({
    description: 'draft (seen only by staff), scheduled (published, its time still ahead: it goes live by itself then) or published (on the site).',
  }),
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
  status: z.enum(PUBLICATION_STATES, { error: PUBLICATION_MESSAGES.invalidState }).optional().meta({
    description:
      'draft keeps the post off the site; published puts it on (at published_at when given, which may be in the past; otherwise now, or its current date if it is already live); scheduled needs a published_at ahead. A new post is published now when left out.',
  }),
  published_at: z
    .string()
    .trim()
    .refine(isApiTime, PUBLICATION_MESSAGES.invalidTime)
    .optional()
    .meta({ format: 'date-time', description: `${API_TIME_DESCRIPTION} A published post with a time ahead is scheduled.` }),
  cover_image: z.union([z.file(), z.null()]).optional().meta({
    description: 'A new cover: an image file in a multipart/form-data body (JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 10 MB). null (JSON) removes the cover; leaving it out keeps it.',
  }),
  cover_alt: altTextField.optional().meta({ description: `${COVER_ALT_DESCRIPTION} Left out, the stored one stays (none for a new cover).` }),
  cover_decorative: optionalSwitchField(COVER_DECORATIVE_DESCRIPTION),
  cover_focal_x: focalCoordinate.optional().meta({ description: `${COVER_FOCAL_DESCRIPTION('left')} Send both or neither.` }),
  cover_focal_y: focalCoordinate.optional().meta({ description: `${COVER_FOCAL_DESCRIPTION('top')} Send both or neither.` }),
})

export function toPostItem(post: BlogPost): z.output<typeof postItem> {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    cover_image: post.coverImage,
    cover_alt: post.coverAlt,
    cover_decorative: post.coverDecorative,
    cover_focal_x: post.coverFocal.x,
    cover_focal_y: post.coverFocal.y,
    status: publicationState(post),
    published_at: post.publishedAt,
    updated_at: post.updatedAt,
  }
}

/** A publication change when status or published_at was given and differs from the stored post's. */
function publicationOf(values: z.output<typeof input>, stored?: z.output<typeof postItem>): PublicationChange | undefined {
  if (values.status === undefined && values.published_at === undefined) return undefined
  if (stored && values.status === stored.status && values.published_at === stored.published_at) return undefined
  const state = values.status ?? (stored?.status === 'draft' ? 'draft' : 'published')
  return { state, publishAt: values.published_at === undefined || values.published_at === stored?.published_at ? null : wallClock(values.published_at) }
}

/** The API's input as the blog form gives it to the domain: a file replaces the cover, null removes it. */
function toSubmission(values: z.output<typeof input>, stored?: z.output<typeof postItem>) {
  return {
    publication: publicationOf(values, stored),
    title: values.title,
    slug: values.slug,
    excerpt: values.excerpt ?? null,
    content: values.content,
    coverFile: values.cover_image ?? null,
    removeCover: values.cover_image === null,
    coverAlt: values.cover_alt,
    coverDecorative: values.cover_decorative,
    coverFocalX: values.cover_focal_x,
    coverFocalY: values.cover_focal_y,
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
  create: async (values, caller) => toPostItem(await createBlogPost(toSubmission(values), { authorId: caller.userId })),
  async update(id, values, caller) {
    const stored = await getBlogPost(id)
    return toPostItem(await updateBlogPost(id, toSubmission(values, stored ? toPostItem(stored) : undefined), { authorId: caller.userId }))
  },
  remove: (id) => deleteBlogPost(id),
})
