import type { ColumnType } from 'kysely'
import type { Bool, Json } from '#db/columns.ts'
import type { Database } from '#db/database.ts'

/** What node:sqlite hands back for a column: timestamps and JSON as text, booleans as 0/1. */
type StoredValue<Column> =
  Column extends Bool ? number : Column extends Json<unknown> ? string : Column extends ColumnType<infer Select, unknown, unknown> ? Exclude<Select, Date> : Column

/**
 * Some columns of a table's rows as tests read them straight from a site's
 * SQLite file, typed from the schema the app uses.
 */
export type StoredRow<Table extends keyof Database, Columns extends keyof Database[Table] = keyof Database[Table]> = {
  [Column in Columns]: StoredValue<Database[Table][Column]>
}
