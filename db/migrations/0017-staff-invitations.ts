import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'

/**
 * Invitations an admin sent to staff who have no account yet; see
 * docs/product-rules.md#users. The link's secret is not here: it is a
 * Better Auth verification value (stored hashed), whose row id the
 * invitation keeps so a new link can retire the old one.
 */
export function staffInvitations(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('staff_invitations')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('full_name', 'text')
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('verification_id', 'text')
        .addColumn('sent_at', t.timestamp, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
    },
  }
}
