import { afterAll, beforeAll } from 'vitest'
import { changeFeed } from '#app/lib/changes.server.ts'
import { database } from '#app/lib/db.server.ts'

/** Rows written with the schema as one migration left it, for a test of the migrations after it. */
export interface RowsBeforeMigrations {
  /** The last migration run before `write`. */
  upTo: string
  write: () => Promise<void>
}

/** Migrates this test file's database first (with `earlier`, in two steps) and closes it at the end. */
export function prepareTestDatabase(earlier?: RowsBeforeMigrations) {
  beforeAll(async () => {
    if (earlier) {
      await database.migrate(earlier.upTo)
      await earlier.write()
    }
    await database.migrate()
  })
  afterAll(async () => {
    await changeFeed.close()
    await database.destroy()
  })
  return database
}
