import { z } from 'zod'
import { optionalText, requiredText, rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { coverImageFields, publicationFields } from '../publishing/publishable.schema.ts'
import { SLUG_FORMAT_MESSAGE, SLUG_MAX_LENGTH, SLUG_PATTERN } from '../publishing/slug.ts'
import { isReservedPageSlug } from './page-slugs.ts'

export { slugify } from '../publishing/slug.ts'

/** The Pages screen's and the API's messages (docs/product-rules.md#pages). */
export const PAGE_MESSAGES = {
  created: 'Page created successfully',
  updated: 'Page updated successfully',
  deleted: 'Page deleted successfully',
  moved: 'Page moved',
  restored: 'Revision restored',
  notFound: 'Page not found',
  revisionNotFound: 'Revision not found',
  confirmDelete: 'Are you sure you want to delete this page? Its menu entries are removed with it.',
  slugFormat: SLUG_FORMAT_MESSAGE,
  slugFromTitle: 'Type a slug: the title has no letters or numbers to make one from',
  slugTaken: (slug: string) => `Another page already has the slug "${slug}". Choose another slug.`,
  reservedSlug: (slug: string) => `The address "/${slug}" is already used by the site. Choose another slug.`,
  parentNotFound: 'The chosen parent page does not exist any more. Choose another parent.',
  ownParent: 'A page cannot be its own parent.',
  parentIsChild: (parentTitle: string) => `"${parentTitle}" is itself under another page, and pages nest one level only. Choose a top-level page as the parent.`,
  hasChildren: (title: string, count: number) => `"${title}" has ${count} child ${count === 1 ? 'page' : 'pages'}, and pages nest one level only. Move its child pages first.`,
  deleteWithChildren: (title: string, count: number) => `"${title}" has ${count} child ${count === 1 ? 'page' : 'pages'}. Move or delete them first.`,
  contentTooLong: (max: number) => `Content must be less than ${max} characters`,
} as const

/**
 * The SEO description is cut at 160 characters: about what search engines
 * show under a result before they cut it themselves.
 */
export const PAGE_LIMITS = { title: 200, slug: SLUG_MAX_LENGTH, seoDescription: 160, content: 100_000 } as const

/** The parent select's choice for a top-level page (a select option cannot be empty). */
export const NO_PARENT = 'none'

/** A slug as typed: empty (made from the title on save), or lower-case letters, digits and hyphens, not an address the site uses. */
export const pageSlug = z
  .string()
  .trim()
  .max(PAGE_LIMITS.slug, `Slug must be less than ${PAGE_LIMITS.slug} characters`)
  .refine((slug) => slug === '' || SLUG_PATTERN.test(slug), SLUG_FORMAT_MESSAGE)
  .refine((slug) => !isReservedPageSlug(slug), { error: (issue) => PAGE_MESSAGES.reservedSlug(String(issue.input)) })

/**
 * A page: title required; slug optional (made from the title); content may
 * be empty (a page that only leads to its child pages); an optional parent
 * (a top-level page), SEO description and cover; its publication.
 */
export const pageSchema = z.object({
  title: requiredText('Title', PAGE_LIMITS.title),
  slug: pageSlug.optional().transform((slug) => slug ?? ''),
  parentId: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => (value && value !== NO_PARENT ? value : null)),
  seoDescription: optionalText('SEO description', PAGE_LIMITS.seoDescription),
  content: z
    .string()
    .optional()
    .transform((html) => html ?? '')
    .refine((html) => html.length <= PAGE_LIMITS.content, PAGE_MESSAGES.contentTooLong(PAGE_LIMITS.content)),
  ...coverImageFields,
  ...publicationFields,
})

export type PageInput = z.infer<typeof pageSchema>

export const MOVE_DIRECTIONS = ['up', 'down'] as const
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number]

export const pageActionSchema = z.discriminatedUnion(
  'intent',
  [
    pageSchema.safeExtend({ intent: z.literal('create') }),
    pageSchema.safeExtend({ intent: z.literal('update'), id: rowId }),
    z.object({ intent: z.literal('delete'), id: rowId }),
    z.object({ intent: z.literal('move'), id: rowId, direction: z.enum(MOVE_DIRECTIONS, { error: 'Direction must be up or down' }) }),
  ],
  { error: UNKNOWN_ACTION },
)

/** What a revision of a page keeps, and what restoring it puts back: the words, not the cover, the place or the publication. */
export const pageSnapshotSchema = z.object({
  title: z.string(),
  slug: z.string(),
  seoDescription: z.string().nullable(),
  content: z.string(),
})

export type PageSnapshot = z.infer<typeof pageSnapshotSchema>
