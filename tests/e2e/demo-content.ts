import { existsSync } from 'node:fs'
import type { SQLOutputValue } from 'node:sqlite'
import { onDemoDatabase } from './site-database.ts'
import { DEMO_DATABASE_PATH } from './sites.ts'

/** Tables whose rows the public pages show: a test that writes them must leave them as it found them. */
const CONTENT_TABLES = [
  'sections',
  'themes',
  'blogs',
  'events',
  'policies',
  'testimonials',
  'gallery_folders',
  'gallery',
  'media',
  'revisions',
  'pages',
  'menu_items',
  'staff_members',
  'alerts',
  'policy_categories',
  'policy_versions',
  // Derived from the rows above, so it must go back with them (SQLite's triggers keep its full-text table in step).
  'search_index',
] as const
type ContentTable = (typeof CONTENT_TABLES)[number]
type Row = Record<string, SQLOutputValue>
type Snapshot = Map<ContentTable, Map<string, Row>>

/** The columns that name one row: `id`, except for the search index's documents. */
function keyColumnsOf(table: ContentTable): string[] {
  return table === 'search_index' ? ['subject', 'subject_id'] : ['id']
}

function keyOf(table: ContentTable, row: Row) {
  return JSON.stringify(keyColumnsOf(table).map((column) => row[column]))
}

export function snapshotDemoContent(): Snapshot | undefined {
  if (!existsSync(DEMO_DATABASE_PATH)) return undefined
  return onDemoDatabase(
    (database) =>
      new Map(
        CONTENT_TABLES.map((table) => {
          const rows = database.prepare(`select * from ${table}`).all()
          return [table, new Map(rows.map((row) => [keyOf(table, row), row]))]
        }),
      ),
    { readOnly: true },
  )
}

/**
 * Puts the content tables back as they were, so a test that failed half-way
 * (and so never deleted what it created) cannot break the tests that list
 * the demo content after it. Rows that changed are deleted and re-inserted in
 * one transaction, which keeps unique rules (one active theme) satisfied.
 */
export function restoreDemoContent(before: Snapshot) {
  const after = snapshotDemoContent()
  if (!after) return
  onDemoDatabase((database) => {
    try {
      database.exec('begin immediate')
      for (const table of CONTENT_TABLES) {
        const was = before.get(table)!
        const now = after.get(table)!
        const changed = [...now.keys()].filter((id) => JSON.stringify(now.get(id)) !== JSON.stringify(was.get(id)))
        const missing = [...was.keys()].filter((id) => !now.has(id) || changed.includes(id))
        const keyColumns = keyColumnsOf(table)
        const deleteRow = database.prepare(`delete from ${table} where ${keyColumns.map((column) => `"${column}" = ?`).join(' and ')}`)
        for (const id of changed) deleteRow.run(...(JSON.parse(id) as SQLOutputValue[]).map((value) => value!))
        for (const id of missing) {
          const row = was.get(id)!
          const columns = Object.keys(row)
          database
            .prepare(`insert into ${table} (${columns.map((column) => `"${column}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`)
            .run(...columns.map((column) => row[column]!))
        }
      }
      database.exec('commit')
    } catch (error) {
      database.exec('rollback')
      throw error
    }
  })
}
