import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Engine } from '../engine.ts'

/**
 * The tables a site is made of when this migration was written (the archive's tables and the search index). A
 * table added later gets its triggers in its own migration; tests/integration/content-version.test.ts fails until
 * it has them.
 */
const SITE_TABLES = [
  'user', 'account', 'profiles', 'user_roles', 'twoFactor', 'passkey', 'apikey', 'site_settings', 'sections', 'themes',
  'blogs', 'event_categories', 'events', 'policies', 'policy_categories', 'policy_versions', 'testimonials',
  'gallery_folders', 'gallery', 'media', 'contact_messages', 'revisions', 'pages', 'menu_items', 'staff_members',
  'alerts', 'subscribers', 'push_subscriptions', 'staff_invitations', 'search_index',
]

/**
 * SQLite: a counter that any write to those tables moves on, through triggers in the file, whoever writes it (a
 * worker, a script, the sqlite3 shell). The page cache reads it to learn of writes the change feed does not carry.
 * The file's own commit counter, which it read before, also moves with sign-ins, mail deliveries and rate limits,
 * and emptied the cache for each. PostgreSQL: nothing; its instances hear every write on the change feed.
 */
export function contentVersion(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'sqlite') return
      await sql`create table content_version (id integer primary key check (id = 1), version integer not null)`.execute(db)
      await sql`insert into content_version (id, version) values (1, 0)`.execute(db)
      for (const table of SITE_TABLES) await addContentVersionTriggers(db, table)
    },
  }
}

/** The three triggers that move the counter on with every row written to `table` (SQLite has no statement triggers). */
async function addContentVersionTriggers(db: Kysely<unknown>, table: string) {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`create trigger ${sql.id(`${table}_${event}_content_version`)} after ${sql.raw(event)} on ${sql.id(table)} begin
      update content_version set version = version + 1;
    end`.execute(db)
  }
}
