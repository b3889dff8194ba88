import { sql, type SelectQueryBuilder } from 'kysely'
import type { Database } from '#db/database.ts'
import { textFields } from './action.server.ts'
import { DomainError } from './errors/domain-error.ts'
import { BULK_MESSAGES, LIST_PAGE_SIZE, type ListPageInfo } from './list-params.ts'
import type { WriteTransaction } from './transaction.server.ts'

/**
 * One page of an ordered query and where it stands: the query counted (its
 * selection and order dropped), then its rows at that page. A page past the
 * end shows the last one, so a list emptied by a bulk delete or a search
 * still shows rows. Not for grouped queries, whose count would be per group.
 */
export async function pageOfQuery<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  page: number,
  pageSize: number = LIST_PAGE_SIZE,
  /** The query's count when the caller has it already (a list's filter counts): a long table is not counted twice. */
  known?: number,
): Promise<{ rows: Row[]; pages: ListPageInfo }> {
  const total = known ?? (await countOf(query))
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), pageCount)
  const pages = { page: shown, pageCount, total, pageSize }
  // Counted none: a search that finds nothing is not looked for a second time through every row.
  if (total === 0) return { rows: [], pages }
  return { rows: await query.limit(pageSize).offset((shown - 1) * pageSize).execute(), pages }
}

async function countOf<DB, TB extends keyof DB, Row>(query: SelectQueryBuilder<DB, TB, Row>): Promise<number> {
  const counted = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number | string | bigint>`count(*)`.as('total'))
    .executeTakeFirstOrThrow()
  return Number((counted as { total: number | string | bigint }).total)
}

/** A list action's form: its text fields, and `ids` as every selected row's id. */
export function bulkFormFields(form: FormData): Record<string, string | string[]> {
  return { ...textFields(form), ids: form.getAll('ids').filter((value): value is string => typeof value === 'string') }
}

type TableWithId = { [Table in keyof Database]: Database[Table] extends { id: unknown } ? Table : never }[keyof Database]

/**
 * Refuses a bulk action unless every id is a row of `table` (one query): a
 * forged or stale id changes nothing, not even the rows that do exist.
 */
export async function requireExistingIds(tx: WriteTransaction, table: TableWithId, ids: readonly string[], message: string = BULK_MESSAGES.gone) {
  const row = await sql<{ total: number | string | bigint }>`select count(*) as total from ${sql.table(table)} where id in (${sql.join(ids)})`.execute(tx.db)
  if (Number(row.rows[0]?.total ?? 0) !== ids.length) throw DomainError.notFound(message)
}
