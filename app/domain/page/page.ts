import type { PublishStatus } from '#db/tables/content.ts'
import type { FocalPoint } from '../media/media.schema.ts'

/** A page of the school's own, as the admin, the API and the public page read it (docs/product-rules.md#pages). */
export interface Page {
  id: string
  title: string
  slug: string
  parentId: string | null
  content: string
  /** The line search engines and link previews show; null for none (the start of the content is used). */
  seoDescription: string | null
  coverImage: string | null
  /** The cover's alt text: '' when decorative or not yet written. */
  coverAlt: string
  coverDecorative: boolean
  coverFocal: FocalPoint
  sortOrder: number
  status: PublishStatus
  publishedAt: string
  updatedAt: string
}

/** A top-level page with its child pages beneath it, each list in its order: the admin's tree. */
export interface PageTreeEntry {
  page: Page
  children: Page[]
}

/** Pages (any order) as the tree the admin shows: top-level pages by their order, each with its children by theirs. */
export function pageTree(pages: readonly Page[]): PageTreeEntry[] {
  const inOrder = [...pages].sort((a, b) => a.sortOrder - b.sortOrder || a.title.localeCompare(b.title))
  const topLevel = inOrder.filter((page) => page.parentId === null || !pages.some((other) => other.id === page.parentId))
  return topLevel.map((page) => ({ page, children: inOrder.filter((child) => child.parentId === page.id) }))
}

