import { z } from 'zod'
import { altTextField, focalCoordinate } from '#app/domain/media/media.schema.ts'
import { createPage, deletePage, updatePage } from '#app/domain/page/page-admin.server.ts'
import { PAGE_LIMITS, pageSchema, pageSlug } from '#app/domain/page/page.schema.ts'
import { getPage, listPagesPage } from '#app/domain/page/page.server.ts'
import type { Page } from '#app/domain/page/page.ts'
import { PUBLICATION_MESSAGES, PUBLICATION_STATES, publicationState, type PublicationChange } from '#app/domain/publishing/publication.ts'
import { API_TIME_DESCRIPTION, isApiTime, wallClock } from '../api-time.server.ts'
import { defineCollection } from '../collection.ts'
import { optionalSwitchField, timestamp } from '../fields.ts'

const COVER_ALT_DESCRIPTION = 'The cover\'s alt text: what it shows, for people who cannot see it (up to 250 characters). A page with a cover is published only when it has alt text or is decorative.'
const COVER_DECORATIVE_DESCRIPTION = 'The cover adds nothing a reader needs: pages give it an empty alt.'
const COVER_FOCAL_DESCRIPTION = (edge: string) => `Where the cover's subject is, from its ${edge} edge: 0 to 1 (0.5 is the middle). Crops (link previews) keep it in view.`

/** A page as every answer gives it. */
export const pageItem = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string().meta({ description: 'The page\'s address on the site: /{slug}, or /{parent slug}/{slug} under a parent. Unique across all pages.' }),
  parent_id: z.string().nullable().meta({ description: 'The top-level page this page sits under, or null for a top-level page. Pages nest one level.' }),
  content: z.string().meta({ description: 'HTML, as stored after sanitising.' }),
  seo_description: z.string().nullable().meta({ description: `What search engines and link previews show (up to ${PAGE_LIMITS.seoDescription} characters), or null for the start of the content.` }),
  cover_image: z.string().nullable().meta({ description: 'Address of the cover image on this site (/files/pages/…), or null.' }),
  cover_alt: z.string().meta({ description: COVER_ALT_DESCRIPTION }),
  cover_decorative: z.boolean().meta({ description: COVER_DECORATIVE_DESCRIPTION }),
  cover_focal_x: z.number().meta({ description: COVER_FOCAL_DESCRIPTION('left') }),
  cover_focal_y: z.number().meta({ description: COVER_FOCAL_DESCRIPTION('top') }),
  sort_order: z.number().int().meta({ description: 'Place among its siblings, smallest first. Changed with the back office\'s Move up / Move down.' }),
  status: z.enum(PUBLICATION_STATES).meta({
    description: 'draft (seen only by staff), scheduled (published, its time still ahead: it goes live by itself then) or published (on the site).',
  }),
  published_at: timestamp('When the page is (or was, or is planned to be) published.'),
  updated_at: timestamp('When the page last changed: the "Updated" date the page shows.'),
})

const input = z.object({
  title: pageSchema.shape.title,
  slug: pageSlug.optional().meta({
    maxLength: PAGE_LIMITS.slug,
    description: 'Lowercase letters, numbers and hyphens; unique among pages, and not an address the site already uses (gallery, blogs, admin…). Empty or left out on create: made from the title.',
  }),
  parent_id: z.union([z.string().trim().min(1).max(64), z.null()]).optional().meta({ description: 'A top-level page\'s id, or null (or left out on create) for a top-level page.' }),
  seo_description: z.union([pageSchema.shape.seoDescription, z.null()]).optional().meta({ maxLength: PAGE_LIMITS.seoDescription, description: 'Empty or null for none.' }),
  content: pageSchema.shape.content.meta({
    maxLength: PAGE_LIMITS.content,
    description: 'HTML. Sanitised as the editor\'s content is: scripts, event handlers, styles and unknown tags are removed; tables, callout boxes (<aside data-callout="info|warning|success">) and YouTube (no-cookie) / Vimeo players are kept.',
  }),
  status: z.enum(PUBLICATION_STATES, { error: PUBLICATION_MESSAGES.invalidState }).optional().meta({
    description:
      'draft keeps the page off the site; published puts it on (at published_at when given, which may be in the past; otherwise now, or its current date if it is already live); scheduled needs a published_at ahead. A new page is published now when left out.',
  }),
  published_at: z
    .string()
    .trim()
    .refine(isApiTime, PUBLICATION_MESSAGES.invalidTime)
    .optional()
    .meta({ format: 'date-time', description: `${API_TIME_DESCRIPTION} A published page with a time ahead is scheduled.` }),
  cover_image: z.union([z.file(), z.null()]).optional().meta({
    description: 'A new cover: an image file in a multipart/form-data body (JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 10 MB). null (JSON) removes the cover; leaving it out keeps it.',
  }),
  cover_alt: altTextField.optional().meta({ description: `${COVER_ALT_DESCRIPTION} Left out, the stored one stays (none for a new cover).` }),
  cover_decorative: optionalSwitchField(COVER_DECORATIVE_DESCRIPTION),
  cover_focal_x: focalCoordinate.optional().meta({ description: `${COVER_FOCAL_DESCRIPTION('left')} Send both or neither.` }),
  cover_focal_y: focalCoordinate.optional().meta({ description: `${COVER_FOCAL_DESCRIPTION('top')} Send both or neither.` }),
})

export function toPageItem(page: Page): z.output<typeof pageItem> {
  return {
    id: page.id,
    title: page.title,
    slug: page.slug,
    parent_id: page.parentId,
    content: page.content,
    seo_description: page.seoDescription,
    cover_image: page.coverImage,
    cover_alt: page.coverAlt,
    cover_decorative: page.coverDecorative,
    cover_focal_x: page.coverFocal.x,
    cover_focal_y: page.coverFocal.y,
    sort_order: page.sortOrder,
    status: publicationState(page),
    published_at: page.publishedAt,
    updated_at: page.updatedAt,
  }
}

/** A publication change when status or published_at was given and differs from the stored page's. */
function publicationOf(values: z.output<typeof input>, stored?: z.output<typeof pageItem>): PublicationChange | undefined {
  if (values.status === undefined && values.published_at === undefined) return undefined
  if (stored && values.status === stored.status && values.published_at === stored.published_at) return undefined
  const state = values.status ?? (stored?.status === 'draft' ? 'draft' : 'published')
  return { state, publishAt: values.published_at === undefined || values.published_at === stored?.published_at ? null : wallClock(values.published_at) }
}

/** The API's input as the page form gives it to the domain: a file replaces the cover, null removes it. */
function toSubmission(values: z.output<typeof input>, stored?: z.output<typeof pageItem>) {
  return {
    publication: publicationOf(values, stored),
    title: values.title,
    slug: values.slug,
    parentId: values.parent_id ?? null,
    seoDescription: values.seo_description ?? null,
    content: values.content,
    coverFile: values.cover_image ?? null,
    removeCover: values.cover_image === null,
    coverAlt: values.cover_alt,
    coverDecorative: values.cover_decorative,
    coverFocalX: values.cover_focal_x,
    coverFocalY: values.cover_focal_y,
  }
}

/** The school's own pages, as the back office's Pages screen edits them. */
export const pages = defineCollection({
  name: 'pages',
  title: 'Pages',
  description:
    'The school\'s own pages (term dates, admissions, uniform…), drafts and scheduled ones included, in their order among siblings. A page sits at /{slug}, or under a top-level page at /{parent slug}/{slug}. A new page is published at once unless its status says otherwise; only published pages whose time has come, under a parent visitors can see, are public. A page with child pages cannot be deleted; deleting a page removes its menu entries.',
  minimumRole: 'editor',
  bodyLimit: 'imageUpload',
  item: pageItem,
  input,
  filters: z.object({
    slug: z.string().optional().meta({ description: 'Only the page with this slug.' }),
    parent_id: z.string().optional().meta({ description: 'Only the pages under this page; empty for the top-level pages.' }),
  }),
  domainFieldNames: {
    coverFile: 'cover_image',
    removeCover: 'cover_image',
    publishedAt: 'published_at',
    coverAlt: 'cover_alt',
    coverFocalX: 'cover_focal_x',
    coverFocalY: 'cover_focal_y',
    parentId: 'parent_id',
    seoDescription: 'seo_description',
  },
  editable: (page) => ({
    title: page.title,
    slug: page.slug,
    parent_id: page.parent_id,
    seo_description: page.seo_description,
    content: page.content,
    status: page.status,
    published_at: page.published_at,
  }),
  async list({ limit, offset, filters }) {
    const found = await listPagesPage({ limit, offset, slug: filters.slug, parentId: filters.parent_id })
    return { items: found.pages.map(toPageItem), total: found.total }
  },
  async read(id) {
    const page = await getPage(id)
    return page ? toPageItem(page) : null
  },
  create: async (values, caller) => toPageItem(await createPage(toSubmission(values), { authorId: caller.userId })),
  async update(id, values, caller) {
    const stored = await getPage(id)
    return toPageItem(await updatePage(id, toSubmission(values, stored ? toPageItem(stored) : undefined), { authorId: caller.userId }))
  },
  remove: (id) => deletePage(id),
})
