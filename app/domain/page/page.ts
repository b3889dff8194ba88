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
