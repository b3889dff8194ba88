import type { Generated } from 'kysely'
import type { Bool, Timestamp } from '../columns.ts'
import type { PublishStatus } from './content.ts'

/** A page of the school's own, at `/{slug}` or `/{parent}/{slug}`; see docs/product-rules.md#pages. */
export interface PageTable {
  id: string
  title: string
  /** Unique across all pages, whatever their parent. */
  slug: string
  parent_id: string | null
  content: Generated<string>
  seo_description: string | null
  cover_image: string | null
  cover_alt: Generated<string>
  cover_decorative: Bool
  cover_focal_x: Generated<number>
  cover_focal_y: Generated<number>
  /** Place among its siblings, smallest first. */
  sort_order: Generated<number>
  status: Generated<PublishStatus>
  published_at: Timestamp
  created_at: Timestamp
  updated_at: Timestamp
}

export const MENUS = ['header', 'footer'] as const
export type MenuName = (typeof MENUS)[number]

export const MENU_LINK_KINDS = ['page', 'screen', 'url'] as const
export type MenuLinkKind = (typeof MENU_LINK_KINDS)[number]

/** One entry of the header or footer menu; a header entry may hold one level of entries under it. */
export interface MenuItemTable {
  id: string
  menu: MenuName
  parent_id: string | null
  label: string
  link_kind: MenuLinkKind
  page_id: string | null
  /** One of the fixed public screens (home, gallery, blogs, calendar, policies, contact) when `link_kind` is `screen`. */
  screen: string | null
  url: string | null
  sort_order: Generated<number>
}

/** A person of the staff directory: not an account (most staff never sign in). */
export interface StaffMemberTable {
  id: string
  name: string
  job_title: Generated<string>
  department: Generated<string>
  photo_url: string | null
  photo_alt: Generated<string>
  photo_decorative: Bool
  photo_focal_x: Generated<number>
  photo_focal_y: Generated<number>
  email: string | null
  show_email: Bool
  phone: string | null
  bio: string | null
  sort_order: Generated<number>
  created_at: Timestamp
}
