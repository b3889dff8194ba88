import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'

/**
 * Failed password sign-ins per e-mail address, kept in the database so that
 * an account's lock holds across client addresses and app instances.
 */
export function signInFailures(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('email', 'text', (c) => c.primaryKey().notNull())
        .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lock_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', t.timestamp)
        .execute()
    },
  }
}
