import type { Generated } from 'kysely'
import type { Bool, Json, NullableTimestamp, RequiredTimestamp, Timestamp } from '../columns.ts'

/** Drafts appear nowhere public; see docs/product-rules.md#publishing. */
export const PUBLISH_STATUSES = ['draft', 'published'] as const
export type PublishStatus = (typeof PUBLISH_STATUSES)[number]

export interface BlogTable {
  id: string
  slug: string
  title: string
  content: string
  excerpt: string | null
  cover_image: string | null
  /** The cover's alt text; '' until written or when decorative (docs/product-rules.md#alt-text). */
  cover_alt: Generated<string>
  cover_decorative: Bool
  /** Where the cover's subject is (0 to 1 from the left and top): crops keep it in view. */
  cover_focal_x: Generated<number>
  cover_focal_y: Generated<number>
  published_at: Timestamp
  updated_at: Timestamp
  status: Generated<PublishStatus>
}

export interface EventTable {
  id: string
  title: string
  description: string | null
  start_date: RequiredTimestamp
  end_date: NullableTimestamp
  image_url: string | null
  created_at: Timestamp
  status: Generated<PublishStatus>
  /** Unique; made from the title when the event is added and kept after (its address `/calendar/{slug}`); null only for rows written straight into the table, whose address is their id. */
  slug: string | null
  /** A date (range) rather than times: the start is midnight of its first day on the school's clocks, the end midnight of its last day. */
  all_day: Bool
  location: string | null
  map_url: string | null
  category_id: string | null
  /** An RFC 5545 RRULE value (FREQ=WEEKLY;BYDAY=TU;UNTIL=…), or null for a single event. */
  recurrence: string | null
  /** 'YYYY-MM-DD' dates on the school's clocks on which a repeating event does not happen. */
  exceptions: Json<string[]> | null
}

/** An admin-defined kind of event (Sports, Term dates), with a colour from a fixed palette. */
export interface EventCategoryTable {
  id: string
  name: string
  slug: string
  colour: string
  position: Generated<number>
}

export interface PolicyTable {
  id: string
  title: string
  description: string | null
  file_url: string | null
  created_at: Timestamp
  status: Generated<PublishStatus>
  /** The stable address, /policies/{slug}: made from the title once, kept when the title changes. */
  slug: string
  category_id: string | null
  /** A calendar date, 'YYYY-MM-DD': when the school means to review the policy. */
  review_date: string | null
  /** Null for a row written without it: it has not changed since `created_at`. */
  updated_at: NullableTimestamp
}

export interface PolicyCategoryTable {
  id: string
  name: string
  slug: string
  position: Generated<number>
}

/** Every document a policy was given, newest last; the newest is the one `policies.file_url` names. */
export interface PolicyVersionTable {
  id: string
  policy_id: string
  file_url: string
  /** The name the file was uploaded under; null for a link elsewhere. */
  file_name: string | null
  size: number | null
  content_type: string | null
  created_at: Timestamp
  created_by: string | null
}

export interface TestimonialTable {
  id: string
  parent_name: string
  message: string
  rating: Generated<number>
  created_at: Timestamp
}

/** What an image's description says; see docs/product-rules.md#alt-text. */
interface ImageDescriptionColumns {
  /** The alt text; '' until written, or when the image is decorative. */
  alt: Generated<string>
  /** Marked as adding nothing a reader needs: shown with an empty alt. */
  decorative: Bool
  /** Where the subject is, 0 to 1 from the left and top edges: crops keep it. */
  focal_x: Generated<number>
  focal_y: Generated<number>
}

export interface GalleryImageTable extends ImageDescriptionColumns {
  id: string
  title: string | null
  image_url: string
  folder: Generated<string>
  /** Its place in its album, from 0; the album page shows photos by it. */
  position: Generated<number>
  /** When the camera took it ('YYYY-MM-DDTHH:MM:SS', its clock's time): new photos join their album in this order. */
  taken_at: Generated<string | null>
  created_at: Timestamp
}

/** An image of the media library: used by pages (logos, slides, covers, inline), never shown in the gallery. */
export interface MediaTable extends ImageDescriptionColumns {
  id: string
  url: string
  /** The uploaded file's name, to recognise it by. */
  file_name: Generated<string>
  created_by: string | null
  created_at: Timestamp
}

export interface GalleryFolderTable {
  id: string
  name: string
  external_use: Bool
  enabled: Bool
  /** The album's address, /gallery/{slug}: made from the name when the album is made, kept when it is renamed. */
  slug: string
  description: Generated<string>
  /** The photo shown on the album's card; without one (or once it leaves the album), the album's first photo. */
  cover_image_id: string | null
  created_at: Timestamp
}

export interface ContactMessageTable {
  id: string
  name: string
  email: string
  message: string
  read: Bool
  created_at: Timestamp
}

/** An item's editable fields as they were after one of its changes. */
export interface RevisionTable {
  id: string
  /** The item's table: `blogs`. */
  subject: string
  subject_id: string
  snapshot: Json<Record<string, unknown>>
  created_by: string | null
  created_at: Timestamp
}
