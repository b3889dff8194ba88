import { sql, type RawBuilder, type SqlBool } from 'kysely'
import type { PublicationState } from './publication.ts'

/**
 * Where a row of a timed table (`table`: its name or alias) is in `state` at
 * `now`, as `publicationState` reads it for the badge: a draft; published
 * with its time ahead (scheduled); published with its time come.
 */
export function inPublicationState(table: string, state: PublicationState, now: Date): RawBuilder<SqlBool> {
  const status = sql.ref(`${table}.status`)
  const publishedAt = sql.ref(`${table}.published_at`)
  const instant = now.toISOString()
  if (state === 'draft') return sql<SqlBool>`(${status} = 'draft')`
  if (state === 'scheduled') return sql<SqlBool>`(${status} = 'published' and ${publishedAt} > ${instant})`
  return sql<SqlBool>`(${status} = 'published' and ${publishedAt} <= ${instant})`
}

/** How many rows of a query are in each publication state, and in all: one pass of `sum(case …)`. */
export function publicationStateCounts(table: string, now: Date) {
  const countWhere = (state: PublicationState) => sql<number | string | null>`sum(case when ${inPublicationState(table, state, now)} then 1 else 0 end)`
  return [
    sql<number | string | bigint>`count(*)`.as('all'),
    countWhere('published').as('published'),
    countWhere('scheduled').as('scheduled'),
    countWhere('draft').as('draft'),
  ] as const
}
