import { sql, type RawBuilder, type SqlBool } from 'kysely'

/** `text` as a LIKE pattern that finds it anywhere: its `%`, `_` and `\` match themselves. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/**
 * True where any of `columns` holds `text`, ignoring case: `lower(column)
 * like lower(text)` with an explicit escape, written the same on both
 * engines. (SQLite's lower() folds only A to Z: other letters must match
 * their case there.)
 */
export function containsText(columns: readonly string[], text: string): RawBuilder<SqlBool> {
  const pattern = containsPattern(text)
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`
}
