import { sql } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { pageOfQuery, requireExistingIds } from '#app/lib/list-page.server.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'
import { containsText } from '#app/lib/text-filter.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { inPublicationState, publicationStateCounts } from '../publishing/publication-filter.server.ts'
import { deletePage, updatePage, type PageAuthor } from './page-admin.server.ts'
import type { ListedBranch, ListedPage, PageListFilter } from './page-admin-list.ts'
import { pageAddress } from './page-address.ts'
import { toPage } from './page.server.ts'
import type { Page } from './page.ts'

type Sibling = { id: string; parent_id: string | null; sort_order: number; title: string }

/** Siblings in the order Move up / Move down works on: sort order, then title, then id. */
const bySiblingOrder = (a: Sibling, b: Sibling) => a.sort_order - b.sort_order || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) || (a.id < b.id ? -1 : 1)

/**
 * One page of the admin page tree (docs/product-rules.md#admin-lists): the
 * pages matching the search (its own title, or its parent's: a matching
 * parent brings all its children) and of one publication state, in tree
 * order (each top-level page by its place, its children under it by
 * theirs), 25 pages a page. A child shown without its parent (the parent
 * does not match, or is on the page before) has its parent shown above it
 * for context. The counts are of the pages matching the search; `parents`
 * is every top-level page, the choices of the page dialog's parent.
 */
export async function listPagesForAdmin({
  search = '',
  filter = 'all',
  page = 1,
  now = new Date(),
}: { search?: string; filter?: PageListFilter; page?: number; now?: Date } = {}): Promise<{
  branches: ListedBranch[]
  pages: ListPageInfo
  counts: Record<PageListFilter, number>
  parents: Pick<Page, 'id' | 'title'>[]
}> {
  let searched = db.selectFrom('pages as p').leftJoin('pages as parent', 'parent.id', 'p.parent_id')
  if (search) searched = searched.where(containsText(['p.title', 'parent.title'], search))
  const shown = filter === 'all' ? searched : searched.where(inPublicationState('p', filter, now))
  const inTreeOrder = shown
    .selectAll('p')
    .orderBy(sql`coalesce(parent.sort_order, p.sort_order)`)
    .orderBy(sql`coalesce(parent.title, p.title)`)
    .orderBy(sql`coalesce(parent.id, p.id)`)
    .orderBy(sql`case when p.parent_id is null then 0 else 1 end`)
    .orderBy('p.sort_order')
    .orderBy('p.title')
    .orderBy('p.id')
  const [counted, topLevel] = await Promise.all([
    searched.select(publicationStateCounts('p', now)).executeTakeFirstOrThrow(),
    db.selectFrom('pages').select(['id', 'parent_id', 'sort_order', 'title']).where('parent_id', 'is', null).execute(),
  ])
  const counts = { all: Number(counted.all), published: Number(counted.published ?? 0), scheduled: Number(counted.scheduled ?? 0), draft: Number(counted.draft ?? 0) }
  // The filter's count is the page's total: the pages are counted once.
  const { rows, pages } = await pageOfQuery(inTreeOrder, page, undefined, counts[filter])
  const listed = rows.map(toPage)
  const onPage = new Set(listed.map((row) => row.id))
  const missingParents = [...new Set(listed.flatMap((row) => (row.parentId && !onPage.has(row.parentId) ? [row.parentId] : [])))]
  const parentIds = [...new Set(listed.map((row) => row.parentId ?? row.id))]
  const [contextRows, children] = await Promise.all([
    missingParents.length ? db.selectFrom('pages').selectAll().where('id', 'in', missingParents).execute() : [],
    parentIds.length ? db.selectFrom('pages').select(['id', 'parent_id', 'sort_order', 'title']).where('parent_id', 'in', parentIds).execute() : [],
  ])
  const siblingsOf = new Map<string | null, Sibling[]>()
  for (const sibling of [...topLevel, ...children]) siblingsOf.set(sibling.parent_id, [...(siblingsOf.get(sibling.parent_id) ?? []), sibling])
  for (const group of siblingsOf.values()) group.sort(bySiblingOrder)
  const slugOf = new Map([...listed, ...contextRows.map(toPage)].map((each) => [each.id, each.slug]))
  const described = ({ content: _content, ...each }: Page): ListedPage => {
    const group = siblingsOf.get(each.parentId) ?? []
    return {
      ...each,
      address: pageAddress({ slug: each.slug, parentSlug: each.parentId ? (slugOf.get(each.parentId) ?? null) : null }),
      first: group[0]?.id === each.id,
      last: group.at(-1)?.id === each.id,
    }
  }
  const contextOf = new Map(contextRows.map((row) => [row.id, toPage(row)]))
  const branches: ListedBranch[] = []
  for (const each of listed) {
    const current = branches.at(-1)
    if (!each.parentId) branches.push({ page: described(each), context: false, children: [] })
    else if (current?.page.id === each.parentId) current.children.push(described(each))
    else {
      const parent = contextOf.get(each.parentId)
      branches.push(parent ? { page: described(parent), context: true, children: [described(each)] } : { page: described(each), context: false, children: [] })
    }
  }
  return {
    branches,
    pages,
    counts,
    parents: [...topLevel].sort(bySiblingOrder).map(({ id, title }) => ({ id, title })),
  }
}

/**
 * Publishes (now, or keeping the time of one already live) or moves to drafts
 * the selected pages in one write, each through the page's own update, so
 * every rule of publishing holds and each is a revision; one refusal (an
 * undescribed image) refuses them all.
 */
export async function setPagesPublication(ids: readonly string[], state: 'published' | 'draft', author: PageAuthor = {}): Promise<number> {
  return writeTransaction(async (tx) => {
    await requireExistingIds(tx, 'pages', ids)
    const rows = await tx.db.selectFrom('pages').selectAll().where('id', 'in', ids).execute()
    for (const page of rows.map(toPage)) {
      const { title, slug, parentId, seoDescription, content } = page
      await updatePage(page.id, { title, slug, parentId, seoDescription, content, coverFile: null, removeCover: false, publication: { state } }, author)
    }
    return ids.length
  })
}

/**
 * Deletes the selected pages in one write, each as a single delete does,
 * child pages before top-level ones: a page selected with all its child
 * pages goes, one whose child pages are not all selected is refused as the
 * single delete refuses it, and nothing is deleted.
 */
export async function deletePages(ids: readonly string[]): Promise<number> {
  return writeTransaction(async (tx) => {
    await requireExistingIds(tx, 'pages', ids)
    const rows = await tx.db.selectFrom('pages').select(['id', 'parent_id']).where('id', 'in', ids).execute()
    const childrenFirst = [...rows].sort((a, b) => Number(a.parent_id === null) - Number(b.parent_id === null))
    for (const row of childrenFirst) await deletePage(row.id)
    return ids.length
  })
}
