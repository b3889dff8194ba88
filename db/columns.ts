import type { ColumnType } from 'kysely'

/**
 * Column types that read differently on the two engines: PostgreSQL returns
 * Date, boolean and parsed JSON, SQLite returns ISO text, 0/1 and JSON text.
 * Domain code reads them through the helpers in `portable.ts`.
 */
export type Timestamp = ColumnType<string | Date, string | undefined, string>
export type RequiredTimestamp = ColumnType<string | Date, string, string>
export type NullableTimestamp = ColumnType<string | Date | null, string | null | undefined, string | null>
export type Bool = ColumnType<boolean | number, boolean | undefined, boolean>
export type Json<T> = ColumnType<T | string, string, string>
