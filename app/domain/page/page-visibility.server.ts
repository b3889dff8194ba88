import { sql, type Kysely } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readTimestamp } from '#db/portable.ts'
import type { Database } from '#db/database.ts'
import type { PublishStatus } from '#db/tables/content.ts'
import { publicationState } from '../publishing/publication.ts'

/**
 * Every page beside its parent (`page` and `parent`; no parent row for a
 * top-level page): where every public reading of pages starts, so that none
 * can forget the parent (page route, menus, sitemap, search index).
 */
export function pagesWithParent(reader: Kysely<Database> = db) {
  return reader.selectFrom('pages as page').leftJoin('pages as parent', 'parent.id', 'page.parent_id')
}

/*
 * The one rule of what the public sees of a page (docs/product-rules.md#pages): it is published and so is its
 * parent, if it has one, from the later of their two times. Kept as a status and a time, the form of
 * `publiclyVisible`, so the search index can store the pair and still decide at read time.
 */
/** 'published' when the page and its parent (if any, and if it exists) are; otherwise 'draft'. */
export const publicStatus = sql<PublishStatus>`(case when page.status = 'published' and (page.parent_id is null or parent.status = 'published') then 'published' else 'draft' end)`
/** From when a published page is seen: the later of its own and its parent's publication times. */
export const publicSince = sql<string | Date>`(case when parent.published_at > page.published_at then parent.published_at else page.published_at end)`

/** The pages (with their parents) a visitor may see at `now`. */
export function publicPages(now: Date, reader: Kysely<Database> = db) {
  return pagesWithParent(reader).where(publicStatus, '=', 'published').where(publicSince, '<=', now.toISOString())
}

/** Whether a page read with `publicStatus` and `publicSince` is seen at `now`: the same rule, for a row already read. */
export function isPublicAt(row: { publicStatus: PublishStatus; publicSince: string | Date }, now: Date): boolean {
  return publicationState({ status: row.publicStatus, publishedAt: readTimestamp(row.publicSince) }, now) === 'published'
}
