import { countOf } from '#app/lib/list-params.ts'
import type { Page } from './page.ts'

/** The admin page list's `?show=`, by publication state as each page's badge reads it (docs/product-rules.md#publishing). */
export const PAGE_LIST_FILTER = { values: ['all', 'published', 'scheduled', 'draft'], fallback: 'all' } as const
export type PageListFilter = (typeof PAGE_LIST_FILTER.values)[number]

export const PAGE_LIST_MESSAGES = {
  published: (count: number) => `${countOf(count, 'page')} published`,
  unpublished: (count: number) => `${countOf(count, 'page')} moved to drafts`,
  deletedMany: (count: number) => `${countOf(count, 'page')} deleted`,
  none: (filter: PageListFilter) => (filter === 'all' ? 'No pages yet. Add the first one with New Page.' : `No ${filter === 'draft' ? 'draft' : filter} pages.`),
} as const

/**
 * A page as the admin tree shows it: all but its text (its editor loads the
 * whole page when it opens), its address, and whether Move up / Move down
 * can move it among its siblings.
 */
export interface ListedPage extends Omit<Page, 'content'> {
  address: string
  first: boolean
  last: boolean
}

/**
 * A top-level page with the child pages shown under it on this page of the
 * list. `context`: the parent is shown only to place its children (it is
 * not itself a row of the list: it does not match, or it is on the page
 * before), so it has no tick box.
 */
export interface ListedBranch {
  page: ListedPage
  context: boolean
  children: ListedPage[]
}
