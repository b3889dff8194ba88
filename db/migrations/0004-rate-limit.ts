import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'

/**
 * Better Auth's rateLimit table (storage: 'database'): request counts per
 * client address and endpoint, shared by every app instance on the database.
 * And a per-address cap for the contact form: how many messages since when.
 */
export function rateLimit(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('contact_throttle').addColumn('window_started_at', t.timestamp).execute()
      await db.schema
        .alterTable('contact_throttle')
        .addColumn('window_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema
        .createTable('rateLimit')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('count', 'integer', (c) => c.notNull())
        // Milliseconds since 1970: beyond a 32-bit integer.
        .addColumn('lastRequest', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
        .execute()
    },
  }
}
