import { sql } from 'kysely'
import { ensureFirstAdmin } from '#app/domain/user/first-admin.server.ts'
import { isFreshDatabase, seedBaseContent, seedDemoContent } from '#db/seed/seed.ts'
import { database } from './db.server.ts'
import { config } from './env.server.ts'
import { logger } from './logger.server.ts'
import { storage } from './storage/storage.server.ts'

/** Arbitrary, fixed: identifies this app's start-up lock among PostgreSQL advisory locks. */
const STARTUP_LOCK_KEY = 7_240_331

/**
 * Several instances starting together on one PostgreSQL take turns, so only
 * the first seeds a fresh database and creates the administrator.
 */
async function withStartupLock(work: () => Promise<void>) {
  if (database.engine !== 'postgres') return work()
  await database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection)
    try {
      await work()
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection)
    }
  })
}

/** Start-up work: migrate, fill a fresh database, make sure an administrator exists. */
export async function bootstrap() {
  await withStartupLock(async () => {
    await database.migrate()
    if (await isFreshDatabase(database.db)) {
      await seedBaseContent(database.db, storage)
      if (config.seedDemo) await seedDemoContent(database.db, storage, config.timeZone)
      logger.info(`New site created${config.seedDemo ? ' with demo content' : ''}.`)
    }
    await ensureFirstAdmin()
  })
}
