import { z } from 'zod'
import { optionalText, requiredText, rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { optionalImageFile } from '#app/lib/uploads/upload-rules.ts'
import { plainText } from './blog.ts'

export const BLOG_MESSAGES = {
  created: 'Blog created successfully',
  updated: 'Blog updated successfully',
  deleted: 'Blog deleted successfully',
  notFound: 'Blog post not found',
  confirmDelete: 'Are you sure you want to delete this blog?',
  slugTaken: 'A blog post with this slug already exists',
  slugFormat: 'Slug may only contain lowercase letters, numbers and hyphens',
  contentRequired: 'Content is required',
} as const

export const BLOG_LIMITS = { title: 200, slug: 100, excerpt: 500, content: 100_000 } as const

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** 'Été à l'école: 2027!' → 'ete-a-l-ecole-2027': the slug the form proposes while the title is typed. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, BLOG_LIMITS.slug)
    .replace(/-+$/, '')
}

/**
 * Rich text shows something when it has text or an image: the editor's
 * empty paragraphs (`<p></p><p></p>`) do not count.
 */
export function hasBlogContent(html: string): boolean {
  return plainText(html) !== '' || /<img\s/i.test(html)
}

/**
 * Spec §5: title, slug and content required; excerpt optional. The cover is
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
  coverFile: optionalImageFile,
  removeCover: z
    .string()
    .optional()
    .transform((value) => value === 'true'),
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
