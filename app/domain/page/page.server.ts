import type { Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readBool, readTimestamp } from '#db/portable.ts'
import type { PageTable } from '#db/tables/navigation.ts'
import type { Page } from './page.ts'
import { publicPages } from './page-visibility.server.ts'

export function toPage(row: Selectable<PageTable>): Page {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    parentId: row.parent_id,
    content: row.content,
    seoDescription: row.seo_description,
    coverImage: row.cover_image,
    coverAlt: row.cover_alt,
    coverDecorative: readBool(row.cover_decorative),
    coverFocal: { x: row.cover_focal_x, y: row.cover_focal_y },
    sortOrder: row.sort_order,
    status: row.status,
    publishedAt: readTimestamp(row.published_at),
    updatedAt: readTimestamp(row.updated_at),
  }
}

/** Every page, drafts and scheduled ones too, in their order among siblings: the admin's tree. */
export async function listPages(): Promise<Page[]> {
  const rows = await db.selectFrom('pages').selectAll().orderBy('sort_order').orderBy('title').orderBy('id').execute()
  return rows.map(toPage)
}

export async function getPage(id: string): Promise<Page | null> {
  const row = await db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toPage(row) : null
}

/** A page as the public reads it: with its parent (for the address and the breadcrumb) and its visible child pages. */
export interface PublicPage {
  page: Page
  parent: Pick<Page, 'id' | 'title' | 'slug'> | null
  children: Pick<Page, 'id' | 'title' | 'slug'>[]
}

/**
 * The page a visitor may see at `now` with this slug, wherever it sits:
 * published and its time come, and under a parent a visitor may see too
 * (a child page's address goes through its parent's).
 */
export async function getPublicPageBySlug(slug: string, now: Date = new Date()): Promise<PublicPage | null> {
  const row = await publicPages(now)
    .selectAll('page')
    .select(['parent.title as parentTitle', 'parent.slug as parentSlug'])
    .where('page.slug', '=', slug)
    .executeTakeFirst()
  if (!row) return null
  const page = toPage(row)
  const children = await publicPages(now)
    .select(['page.id', 'page.title', 'page.slug'])
    .where('page.parent_id', '=', page.id)
    .orderBy('page.sort_order')
    .orderBy('page.title')
    .execute()
  const parent = page.parentId && row.parentTitle !== null && row.parentSlug !== null ? { id: page.parentId, title: row.parentTitle, slug: row.parentSlug } : null
  return { page, parent, children }
}

export type PublicPageEntry = Page & { parentSlug: string | null }

/** The pages a visitor may see at `now`, each with its parent's slug: the sitemap. */
export async function listPublicPages(now: Date = new Date()): Promise<PublicPageEntry[]> {
  const rows = await publicPages(now).selectAll('page').select('parent.slug as parentSlug').orderBy('page.sort_order').orderBy('page.title').execute()
  return rows.map((row) => ({ ...toPage(row), parentSlug: row.parentSlug }))
}

/** One page of pages for the content API, in tree order of their sort order, with the number in all; optionally filtered. */
export async function listPagesPage(query: { limit: number; offset: number; slug?: string; parentId?: string }): Promise<{ pages: Page[]; total: number }> {
  let filtered = db.selectFrom('pages')
  if (query.slug !== undefined) filtered = filtered.where('slug', '=', query.slug)
  if (query.parentId !== undefined) filtered = query.parentId === '' ? filtered.where('parent_id', 'is', null) : filtered.where('parent_id', '=', query.parentId)
  const [rows, count] = await Promise.all([
    filtered.selectAll().orderBy('sort_order').orderBy('title').orderBy('id').limit(query.limit).offset(query.offset).execute(),
    filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { pages: rows.map(toPage), total: Number(count.total) }
}

/** Any page with its parent and child pages whatever their status: what staff preview. */
export async function getPageWithFamily(id: string): Promise<PublicPage | null> {
  const page = await getPage(id)
  if (!page) return null
  const [parent, children] = await Promise.all([
    page.parentId ? db.selectFrom('pages').select(['id', 'title', 'slug']).where('id', '=', page.parentId).executeTakeFirst() : undefined,
    db.selectFrom('pages').select(['id', 'title', 'slug']).where('parent_id', '=', page.id).orderBy('sort_order').orderBy('title').execute(),
  ])
  return { page, parent: parent ?? null, children }
}
