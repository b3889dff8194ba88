import { sql, type RawBuilder } from 'kysely'

export type Engine = 'sqlite' | 'postgres'

/** Column types and defaults that differ between the engines, for migrations. */
export function dialectColumns(engine: Engine) {
  const postgres = engine === 'postgres'
  return {
    timestamp: postgres ? ('timestamptz' as const) : ('text' as const),
    /** Better Auth's own choice for its tables on SQLite. */
    authTimestamp: postgres ? ('timestamptz' as const) : ('date' as const),
    boolean: postgres ? ('boolean' as const) : ('integer' as const),
    json: postgres ? ('jsonb' as const) : ('text' as const),
    now: postgres ? sql`CURRENT_TIMESTAMP` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    bool: (value: boolean) => (postgres ? sql.lit(value) : sql.lit(value ? 1 : 0)) as RawBuilder<unknown>,
  }
}
