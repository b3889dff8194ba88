import { sql } from 'kysely'
import { afterEach, expect, test } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '#db/connect.ts'

let handle: DatabaseHandle | undefined
afterEach(async () => {
  await handle?.destroy()
})

const document = (subject: string, id: string, title: string, body: string) =>
  sql`insert into search_index (subject, subject_id, title, body, status, visible_from, url, shown_at)
    values (${subject}, ${id}, ${title}, ${body}, 'published', '2025-01-01T09:00:00.000Z', ${`/${id}`}, null)`

type Database = DatabaseHandle['db']
const indexed = (db: Database) =>
  sql<{ rowid: number; subject_id: string; title: string; body: string }>`select rowid, subject_id, title, body from search_index_fts order by rowid`.execute(db).then((result) => result.rows)
const matching = (db: Database, query: string) =>
  sql<{ subject_id: string }>`select subject_id from search_index_fts where search_index_fts match ${query} order by rowid`.execute(db).then((result) => result.rows.map((row) => row.subject_id))
const definition = (db: Database) =>
  sql<{ sql: string }>`select sql from sqlite_master where name = 'search_index_fts'`.execute(db).then((result) => result.rows[0]?.sql ?? '')

test('upgrading keeps every indexed document in its order, gives SQLite prefix indexes of one and two letters, and the index still follows the documents', async () => {
  handle = connectDatabase({ engine: 'sqlite', file: ':memory:' })
  await handle.migrate('0022-content-version')
  const { db } = handle
  await document('blogs', 'b1', 'Parents evening', 'Meet the teachers').execute(db)
  await document('pages', 'p1', 'School uniform', 'Pullovers and polo shirts').execute(db)
  await document('events', 'e1', 'Sports day', 'Races on the field').execute(db)
  // A document indexed again moves to the newest place, which the search ranks by.
  await sql`update search_index set body = 'Parents meet the teachers' where subject_id = 'b1'`.execute(db)
  const before = await indexed(db)
  expect(before.map((row) => row.subject_id)).toEqual(['p1', 'e1', 'b1'])
  expect(await definition(db)).not.toMatch(/prefix/)

  await handle.migrate()
  expect(await indexed(db)).toEqual(before)
  expect(await definition(db)).toMatch(/prefix\s*=\s*'1 2'/)
  expect(await matching(db, '"p"*')).toEqual(['p1', 'b1'])
  expect(await matching(db, '"sp"*')).toEqual(['e1'])
  expect(await matching(db, 'title : ("pa"*)')).toEqual(['b1'])

  // The triggers of the documents table write to the new index.
  await document('policies', 'x1', 'Privacy notice', 'How the school keeps data').execute(db)
  await sql`update search_index set title = 'Sports afternoon' where subject_id = 'e1'`.execute(db)
  await sql`delete from search_index where subject_id = 'p1'`.execute(db)
  expect((await indexed(db)).map((row) => [row.subject_id, row.title])).toEqual([['b1', 'Parents evening'], ['x1', 'Privacy notice'], ['e1', 'Sports afternoon']])
  expect(await matching(db, '"p"*')).toEqual(['b1', 'x1'])
  expect(await matching(db, '"af"*')).toEqual(['e1'])
})
