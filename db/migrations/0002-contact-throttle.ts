import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'

/**
 * The last successful contact message per visitor, kept in the database so
 * the 30-second spacing holds across several app instances.
 */
export function contactThrottle(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contact_throttle')
        .addColumn('visitor', 'text', (c) => c.primaryKey().notNull())
        .addColumn('last_submitted_at', t.timestamp, (c) => c.notNull())
        .execute()
    },
  }
}
