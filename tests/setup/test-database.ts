import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import { createTestDatabase } from './postgres-global.ts'

/*
 * Runs before each integration test file imports the app: gives the file its
 * own data folder and its own database on the engine under test, so the app's
 * singletons (db, storage, change feed) are this file's alone.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-test-'))
process.env.DATA_DIR = dataDir
process.env.SEED_DEMO = process.env.SEED_DEMO ?? 'false'
process.env.AUTH_SECRET = 'test-secret-that-is-long-enough-for-better-auth'
if (process.env.TEST_ENGINE === 'postgres') {
  process.env.DATABASE_URL = await createTestDatabase(inject('postgresAdminUrl'))
} else {
  delete process.env.DATABASE_URL
}

// As at start-up (app/services/bootstrap.server.ts): every write of every test keeps the search index in step.
const { followWritesInSearchIndex } = await import('#app/domain/search/search-index.server.ts')
followWritesInSearchIndex()
