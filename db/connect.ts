import fs from 'node:fs'
import path from 'node:path'
import { Kysely, PostgresDialect } from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import type { Database } from './database.ts'
import type { Engine } from './engine.ts'
import { migrationProvider } from './migrations/index.ts'
import { createSqliteDialect, openSqlite } from './sqlite-driver.ts'

export type DatabaseTarget = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string }

export interface DatabaseHandle {
  db: Kysely<Database>
  engine: Engine
  /** PostgreSQL only: the pool, for LISTEN/NOTIFY. */
  pool?: pg.Pool
  /** Applies migrations up to the latest, or up to and including `target`. */
  migrate(target?: string): Promise<void>
  destroy(): Promise<void>
}

export function connectDatabase(target: DatabaseTarget): DatabaseHandle {
  let pool: pg.Pool | undefined
  let dialect
  if (target.engine === 'postgres') {
    pool = new pg.Pool({ connectionString: target.url, max: 10 })
    // An idle client losing its server must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('[db] idle PostgreSQL client error:', error.message))
    // A client in use has no listener of the pool's: losing its server there would throw an unhandled
    // 'error' event and stop the process. Its queries fail with the error anyway, and the pool drops the
    // broken client when it comes back.
    pool.on('connect', (client) => client.on('error', (error) => console.error('[db] PostgreSQL connection lost while in use:', error.message)))
    dialect = new PostgresDialect({ pool })
  } else {
    if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true, mode: 0o700 })
    dialect = createSqliteDialect(openSqlite(target.file))
  }
  const db = new Kysely<Database>({ dialect })
  const engine = target.engine
  return {
    db,
    engine,
    pool,
    async migrate(target) {
      const migrator = new Migrator({ db, provider: migrationProvider(engine) })
      const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest()
      for (const result of results ?? []) {
        if (result.status === 'Error') console.error(`[db] migration ${result.migrationName} failed`)
      }
      if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error })
    },
    destroy: () => db.destroy(),
  }
}
