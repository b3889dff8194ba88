import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'

/**
 * The contact form's used tokens, each refused a second time until it
 * expires; and indexes by age on both contact-form tables, so each new
 * message can delete the rows that no longer count.
 */
export function contactFormTokens(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contact_used_tokens')
        .addColumn('token', 'text', (c) => c.primaryKey().notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .execute()
      await db.schema.createIndex('contact_used_tokens_expires_at_idx').on('contact_used_tokens').column('expires_at').execute()
      await db.schema.createIndex('contact_throttle_last_submitted_at_idx').on('contact_throttle').column('last_submitted_at').execute()
    },
  }
}
