import { z } from 'zod'
import { checkedBox, optionalText, requiredText, rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { altText, focalCoordinate } from '../media/media.schema.ts'
import { optionalImageFile } from '#app/lib/uploads/upload-rules.ts'
import { isWallClockTime } from '#app/lib/zoned-time.ts'
import { PUBLICATION_MESSAGES, publicationButton } from '../publishing/publication.ts'
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
  restored: 'Revision restored',
  revisionNotFound: 'Revision not found',
  /** Publishing waits until every image is described: 'the cover image', 'the image "trip.png"'. */
  undescribedImages: (images: readonly string[]) =>
    `Add alt text to ${images.join(' and ')} before publishing, or mark ${images.length === 1 ? 'it' : 'them'} decorative. Drafts can be saved without it.`,
  /** Headings and links that a screen reader cannot make sense of, each said in its own sentence. */
  inaccessibleText: (problems: readonly string[]) => `${problems.join(' ')} Fix ${problems.length === 1 ? 'it' : 'them'} before publishing; drafts can be saved as they are.`,
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
  coverFile: optionalImageFile,
  /** Left out (no cover shown in the form, or a decorative one), the stored description decides. */
  coverAlt: altText.optional(),
  coverDecorative: checkedBox,
  /** The focal point picker's values; left out, the stored point stays (the middle for a new cover). */
  coverFocalX: focalCoordinate.optional(),
  coverFocalY: focalCoordinate.optional(),
  removeCover: z
    .string()
    .optional()
    .transform((value) => value === 'true'),
  publication: publicationButton,
  /** The publish date on the school's clocks; empty is now (or, for a post already live, its own date). */
  publishAt: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isWallClockTime(value), PUBLICATION_MESSAGES.invalidTime)
    .transform((value) => value || null),
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
