import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import { DEMO_DATABASE_PATH } from './sites.ts'

interface OpenOptions {
  readOnly?: boolean
}

/**
 * A test site's SQLite file, opened for one piece of work and closed again,
 * so that tests can prove what the server stored or set up what an editor
 * would. The server writes the same file: wait for its lock rather than fail.
 */
export function onSiteDatabase<T>(file: string, use: (database: DatabaseSync) => T, { readOnly = false }: OpenOptions = {}): T {
  const database = new DatabaseSync(file, { readOnly, timeout: 5000 })
  try {
    return use(database)
  } finally {
    database.close()
  }
}

/** The demo site's database (the site most tests use). */
export function onDemoDatabase<T>(use: (database: DatabaseSync) => T, options?: OpenOptions): T {
  return onSiteDatabase(DEMO_DATABASE_PATH, use, options)
}

/** The rows a query finds in the demo database, typed by the caller. */
export function demoRows<Row>(sql: string, ...params: SQLInputValue[]): Row[] {
  return onDemoDatabase((database) => database.prepare(sql).all(...params) as unknown as Row[], { readOnly: true })
}

/** The first row a query finds in the demo database, if any. */
export function demoRow<Row>(sql: string, ...params: SQLInputValue[]): Row | undefined {
  return onDemoDatabase((database) => database.prepare(sql).get(...params) as Row | undefined, { readOnly: true })
}
