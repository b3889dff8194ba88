import { z } from 'zod'
import { optionalText, requiredText, rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { PUBLICATION_MESSAGES } from '../publishing/publication.ts'
import { coverImageFields, publicationFields } from '../publishing/publishable.schema.ts'
import { SLUG_FORMAT_MESSAGE, SLUG_MAX_LENGTH, SLUG_PATTERN } from '../publishing/slug.ts'
import { plainText } from './blog.ts'

export { slugify } from '../publishing/slug.ts'

export const BLOG_MESSAGES = {
  created: 'Blog created successfully',
  updated: 'Blog updated successfully',
  deleted: 'Blog deleted successfully',
  notFound: 'Blog post not found',
  confirmDelete: 'Are you sure you want to delete this blog?',
  slugTaken: 'A blog post with this slug already exists',
  slugFormat: SLUG_FORMAT_MESSAGE,
  contentRequired: 'Content is required',
  restored: 'Revision restored',
  revisionNotFound: 'Revision not found',
  undescribedImages: PUBLICATION_MESSAGES.undescribedImages,
  inaccessibleText: PUBLICATION_MESSAGES.inaccessibleText,
} as const

export const BLOG_LIMITS = { title: 200, slug: SLUG_MAX_LENGTH, excerpt: 500, content: 100_000 } as const

/**
 * Rich text shows something when it has text or an image: the editor's
 * empty paragraphs (`<p></p><p></p>`) do not count.
 */
export function hasBlogContent(html: string): boolean {
  return plainText(html) !== '' || /<img\s/i.test(html)
}

/**
 * Title, slug and content required; excerpt optional. The cover is
 * an optional image file (checked by its bytes on the server); `removeCover`
 * drops the current one. The slug's uniqueness is checked by the server.
 */
export const blogSchema = z.object({
  title: requiredText('Title', BLOG_LIMITS.title),
  slug: requiredText('Slug', BLOG_LIMITS.slug).regex(SLUG_PATTERN, BLOG_MESSAGES.slugFormat),
  excerpt: optionalText('Excerpt', BLOG_LIMITS.excerpt),
  content: z
    .string({ error: BLOG_MESSAGES.contentRequired })
    .refine(hasBlogContent, BLOG_MESSAGES.contentRequired)
    .refine((html) => html.length <= BLOG_LIMITS.content, `Content must be less than ${BLOG_LIMITS.content} characters`),
  ...coverImageFields,
  ...publicationFields,
})

export type BlogInput = z.infer<typeof blogSchema>

export const blogActionSchema = z.discriminatedUnion(
  'intent',
  [
    blogSchema.safeExtend({ intent: z.literal('create') }),
    blogSchema.safeExtend({ intent: z.literal('update'), id: rowId }),
    z.object({ intent: z.literal('delete'), id: rowId }),
  ],
  { error: UNKNOWN_ACTION },
)

/** What a revision of a post keeps, and what restoring it puts back: the words, not the cover or the publication. */
export const blogSnapshotSchema = z.object({
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  content: z.string(),
})

export type BlogSnapshot = z.infer<typeof blogSnapshotSchema>
