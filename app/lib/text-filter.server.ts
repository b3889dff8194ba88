import { sql, type RawBuilder, type SqlBool } from 'kysely'

/** `text` as a LIKE pattern that finds it anywhere: its `%`, `_` and `\` match themselves. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/**
 * True where any of `columns` holds `text`, ignoring case: `lower(column)
 * like lower(text)` with an explicit escape, written the same on both
 * engines. On SQLite lower() is the site's own, which folds every letter as
 * PostgreSQL's does (db/sqlite-driver.ts).
 */
export function containsText(columns: readonly string[], text: string): RawBuilder<SqlBool> {
  const pattern = containsPattern(text)
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`
}

/**
 * In a grouped count, how many rows of each group hold `text` in any of
 * `columns` (every row when there is no text): the counts beside a list's
 * filter, which count what the search finds.
 */
export function countContaining(columns: readonly string[], text: string): RawBuilder<number | string | null> {
  return text ? sql<number | string | null>`sum(case when ${containsText(columns, text)} then 1 else 0 end)` : sql<number | string | null>`count(*)`
}
