import type { Kysely } from 'kysely'
import { readTimestamp } from '#db/portable.ts'
import type { Database } from '#db/database.ts'
import type { PublishStatus } from '#db/tables/content.ts'
import { pageAddress } from '../page/page-address.ts'
import { isPublicAt, pagesWithParent, publicSince, publicStatus } from '../page/page-visibility.server.ts'
import { publicationState, type PublicationState } from '../publishing/publication.ts'

/** A page a menu entry may point at, with its parent's, read straight from `pages` (the page domain owns writing them). */
export interface LinkedPage {
  id: string
  title: string
  parentTitle: string | null
  address: string
  /** What a visitor sees of it: a child page is only seen while its parent is. */
  state: PublicationState | 'parent hidden' | 'parent missing'
  sortKey: string
}

interface PageRow {
  id: string
  title: string
  slug: string
  parent_id: string | null
  status: PublishStatus
  published_at: string | Date
  sort_order: number
}

function stateOf(row: PageRow, now: Date): PublicationState {
  return publicationState({ status: row.status, publishedAt: readTimestamp(row.published_at) }, now)
}

/** The pages with these ids (every page when none are given), each with its address and what visitors see of it. */
export async function readLinkedPages(database: Kysely<Database>, ids: readonly string[] | 'all', now: Date = new Date()): Promise<Map<string, LinkedPage>> {
  if (ids !== 'all' && ids.length === 0) return new Map()
  let query = pagesWithParent(database)
    .select([
      publicStatus.as('publicStatus'),
      publicSince.as('publicSince'),
      'page.id',
      'page.title',
      'page.slug',
      'page.parent_id',
      'page.status',
      'page.published_at',
      'page.sort_order',
      'parent.id as parentId',
      'parent.title as parentTitle',
      'parent.slug as parentSlug',
      'parent.sort_order as parentSortOrder',
    ])
  if (ids !== 'all') query = query.where('page.id', 'in', [...ids])
  const rows = await query.execute()
  const pages = new Map<string, LinkedPage>()
  for (const row of rows) {
    const own = stateOf(row, now)
    let state: LinkedPage['state'] = own
    if (row.parent_id !== null) {
      if (row.parentId === null) state = 'parent missing'
      else if (own === 'published' && !isPublicAt(row, now)) state = 'parent hidden'
    }
    const parentKey = row.parentTitle === null ? '' : `${String(row.parentSortOrder ?? 0).padStart(6, '0')}${row.parentTitle}\u0000`
    pages.set(row.id, {
      id: row.id,
      title: row.title,
      parentTitle: row.parentTitle,
      address: pageAddress({ slug: row.slug, parentSlug: row.parentSlug }),
      state,
      sortKey: row.parentTitle === null ? `${String(row.sort_order).padStart(6, '0')}${row.title}\u0000` : `${parentKey}${String(row.sort_order).padStart(6, '0')}${row.title}`,
    })
  }
  return pages
}

/** 'Admissions › Open Days'. */
export function pageName(page: Pick<LinkedPage, 'title' | 'parentTitle'>): string {
  return page.parentTitle ? `${page.parentTitle} › ${page.title}` : page.title
}
