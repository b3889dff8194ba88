import { afterAll, beforeAll } from 'vitest'
import { changeFeed } from '#app/lib/changes.server.ts'
import { database } from '#app/lib/db.server.ts'

/** Migrates this test file's database first and closes it at the end. */
export function prepareTestDatabase() {
  beforeAll(async () => {
    await database.migrate()
  })
  afterAll(async () => {
    await changeFeed.close()
    await database.destroy()
  })
  return database
}
