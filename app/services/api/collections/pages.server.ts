import { z } from 'zod'
import { createPage, deletePage, updatePage } from '#app/domain/page/page-admin.server.ts'
import { PAGE_LIMITS, pageSchema, pageSlug } from '#app/domain/page/page.schema.ts'
import { getPage, listPagesPage } from '#app/domain/page/page.server.ts'
import type { Page } from '#app/domain/page/page.ts'
import { publicationState } from '#app/domain/publishing/publication.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { defineCollection } from '../collection.ts'
import { timestamp } from '../fields.ts'
import { coverFieldsOf, publishableFields, publishableSubmission } from '../publishable-fields.server.ts'

const PAGE_FIELDS = publishableFields('page')

/** A page as every answer gives it. */
export const pageItem = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string().meta({ description: 'The page\'s address on the site: /{slug}, or /{parent slug}/{slug} under a parent. Unique across all pages.' }),
  parent_id: z.string().nullable().meta({ description: 'The top-level page this page sits under, or null for a top-level page. Pages nest one level.' }),
  content: z.string().meta({ description: 'HTML, as stored after sanitising.' }),
  seo_description: z.string().nullable().meta({ description: `What search engines and link previews show (up to ${PAGE_LIMITS.seoDescription} characters), or null for the start of the content.` }),
  cover_image: z.string().nullable().meta({ description: 'Address of the cover image on this site (/files/pages/…), or null.' }),
  ...PAGE_FIELDS.item,
  sort_order: z.number().int().meta({ description: 'Place among its siblings, smallest first. Changed with the back office\'s Move up / Move down.' }),
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
  ...PAGE_FIELDS.input,
})

export function toPageItem(page: Page): z.output<typeof pageItem> {
  return {
    id: page.id,
    title: page.title,
    slug: page.slug,
    parent_id: page.parentId,
    content: page.content,
    seo_description: page.seoDescription,
    ...coverFieldsOf(page),
    sort_order: page.sortOrder,
    status: publicationState(page),
    published_at: page.publishedAt,
    updated_at: page.updatedAt,
  }
}

/** The API's input as the page form gives it to the domain: a file replaces the cover, null removes it. */
async function toSubmission(values: z.output<typeof input>, stored?: z.output<typeof pageItem>) {
  return {
    ...publishableSubmission(values, await siteTimeZone(), stored),
    title: values.title,
    slug: values.slug,
    parentId: values.parent_id ?? null,
    seoDescription: values.seo_description ?? null,
    content: values.content,
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
  create: async (values, caller) => toPageItem(await createPage(await toSubmission(values), { authorId: caller.userId })),
  async update(id, values, caller) {
    const stored = await getPage(id)
    return toPageItem(await updatePage(id, await toSubmission(values, stored ? toPageItem(stored) : undefined), { authorId: caller.userId }))
  },
  remove: (id) => deletePage(id),
})
