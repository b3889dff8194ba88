import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { Database } from '#db/database.ts'
import { db } from '#app/lib/db.server.ts'
import { pageOfQuery } from '#app/lib/list-page.server.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'
import { containsText } from '#app/lib/text-filter.server.ts'
import { MEDIA_PAGE_SIZE, type MediaFilter } from './media-admin-list.ts'
import type { MediaItem } from './media.schema.ts'
import { toMediaItem } from './media.server.ts'

const SEARCHED_COLUMNS = ['alt', 'file_name'] as const

/** An image that is neither described nor marked decorative: docs/product-rules.md#alt-text. */
const undescribed = (eb: ExpressionBuilder<Database, 'media'>) => eb.and([eb('decorative', '=', false), eb('alt', '=', '')])

/**
 * One page of the media library, newest first, searched by alt text and file
 * name, of every image or only those needing a description; with the counts
 * of both filters among the images matching the search, and how many in the
 * whole library still need a description (the warning above the list), all
 * from one query.
 */
export async function listMediaForAdmin({ search = '', show = 'all', page = 1, pageSize = MEDIA_PAGE_SIZE }: { search?: string; show?: MediaFilter; page?: number; pageSize?: number } = {}): Promise<{
  items: MediaItem[]
  pages: ListPageInfo
  counts: Record<MediaFilter, number>
  undescribedInLibrary: number
}> {
  const matches = search ? containsText(SEARCHED_COLUMNS, search) : sql<SqlBool>`1 = 1`
  const counted = await db
    .selectFrom('media')
    .select((eb) => {
      const sumWhen = (condition: Expression<SqlBool>) => eb.fn.sum<number | string | null>(eb.case().when(condition).then(1).else(0).end())
      return [
        sumWhen(matches).as('all'),
        sumWhen(eb.and([matches, undescribed(eb)])).as('undescribed'),
        sumWhen(undescribed(eb)).as('undescribedInLibrary'),
      ]
    })
    .executeTakeFirstOrThrow()
  const counts = { all: Number(counted.all ?? 0), undescribed: Number(counted.undescribed ?? 0) }
  let shown = db.selectFrom('media')
  if (search) shown = shown.where(containsText(SEARCHED_COLUMNS, search))
  if (show === 'undescribed') shown = shown.where(undescribed)
  // The filter's count is the page's total: the library is not counted a second time.
  const { rows, pages } = await pageOfQuery(shown.selectAll().orderBy('created_at', 'desc').orderBy('id'), page, pageSize, counts[show])
  return { items: rows.map(toMediaItem), pages, counts, undescribedInLibrary: Number(counted.undescribedInLibrary ?? 0) }
}
