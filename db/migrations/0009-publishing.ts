import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'

/**
 * Drafts and revisions (docs/decisions/013-publishing.md): posts, events and
 * policies get a status, `draft` or `published`; what was there before stays
 * published. A revision keeps an item's editable fields as they were after a
 * change, for comparing and restoring.
 */
export function publishing(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['blogs', 'events', 'policies']) {
        await db.schema
          .alterTable(table)
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
          .execute()
      }
      // The public list asks for published posts up to now, newest first.
      await db.schema.createIndex('blogs_status_published_at_idx').on('blogs').columns(['status', 'published_at']).execute()
      await db.schema
        .createTable('revisions')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('snapshot', t.json, (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      await db.schema.createIndex('revisions_subject_idx').on('revisions').columns(['subject', 'subject_id', 'created_at']).execute()
    },
  }
}
