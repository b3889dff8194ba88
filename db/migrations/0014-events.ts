import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'
import { frozenSlug } from './frozen-slug.ts'

/**
 * Events become a school year's calendar: an address each (`/calendar/{slug}`),
 * all-day dates, a place, an admin-defined category, and a repeat rule with
 * skipped dates; see docs/product-rules.md#events-and-calendar.
 *
 * `recurrence` is the RRULE value as RFC 5545 writes it; `exceptions` a JSON
 * array of 'YYYY-MM-DD' dates on the school's clocks.
 */
export function events(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('event_categories')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('colour', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()

      // Null only for rows written straight into the table (imports, tests): the event operations always set it.
      await db.schema.alterTable('events').addColumn('slug', 'text').execute()
      await db.schema.alterTable('events').addColumn('all_day', t.boolean, (c) => c.notNull().defaultTo(t.bool(false))).execute()
      await db.schema.alterTable('events').addColumn('location', 'text').execute()
      await db.schema.alterTable('events').addColumn('map_url', 'text').execute()
      await db.schema.alterTable('events').addColumn('category_id', 'text', (c) => c.references('event_categories.id').onDelete('set null')).execute()
      await db.schema.alterTable('events').addColumn('recurrence', 'text').execute()
      await db.schema.alterTable('events').addColumn('exceptions', t.json).execute()

      const rows = await sql<{ id: string; title: string }>`select id, title from events order by created_at, id`.execute(db)
      const taken = new Set<string>()
      for (const row of rows.rows) {
        const slug = freeSlug(frozenSlug(row.title, { maxLength: 90, fallback: 'event' }), taken)
        taken.add(slug)
        await sql`update events set slug = ${slug} where id = ${row.id}`.execute(db)
      }
      await db.schema.createIndex('events_slug_idx').on('events').column('slug').unique().execute()
    },
  }
}

function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}
