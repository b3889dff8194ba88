import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { db } from '#app/lib/db.server.ts'
import { ARCHIVED_TABLES, DERIVED_TABLES } from '#app/lib/site-archive/archive-format.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

async function contentVersion() {
  const { rows } = await sql<{ version: number }>`select version from content_version`.execute(db)
  return rows[0]?.version
}

/*
 * The page cache learns of writes made outside its process from this counter (server/page-cache.ts); a table the
 * site is made of without its triggers would leave cached pages stale after a script writes to it.
 */
describe.runIf(database.engine === 'sqlite')('the content counter on SQLite', () => {
  test('every table the site is made of moves it on insert, update and delete', async () => {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and name like '%_content_version'`.execute(db)
    const triggers = new Set(rows.map((row) => row.name))
    const missing = [...ARCHIVED_TABLES.map(({ table }) => table), ...DERIVED_TABLES].flatMap((table) =>
      ['insert', 'update', 'delete'].map((event) => `${table}_${event}_content_version`).filter((name) => !triggers.has(name)),
    )
    expect(missing).toEqual([])
  })

  test('a write to the content moves it; a session or a rate limit does not', async () => {
    const before = await contentVersion()
    const id = crypto.randomUUID()
    await db.insertInto('testimonials').values({ id, parent_name: 'Counter Check', message: 'Counted.', rating: 5 }).execute()
    await db.updateTable('testimonials').set({ rating: 4 }).where('id', '=', id).execute()
    await db.deleteFrom('testimonials').where('id', '=', id).execute()
    expect(await contentVersion()).toBe(Number(before) + 3)
    const untouched = await contentVersion()
    await db.insertInto('rateLimit').values({ id: crypto.randomUUID(), key: 'counter-check', count: 1, lastRequest: Date.now() }).execute()
    expect(await contentVersion()).toBe(untouched)
  })
})
