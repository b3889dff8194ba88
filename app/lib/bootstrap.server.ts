import { ensureFirstAdmin } from '#app/domain/user/first-admin.server.ts'
import { isFreshDatabase, seedBaseContent, seedDemoContent } from '#db/seed/seed.ts'
import { database } from './db.server.ts'
import { config } from './env.server.ts'
import { storage } from './storage/storage.server.ts'

/** Start-up work: migrate, fill a fresh database, make sure an administrator exists. */
export async function bootstrap() {
  await database.migrate()
  if (await isFreshDatabase(database.db)) {
    await seedBaseContent(database.db, storage)
    if (config.seedDemo) await seedDemoContent(database.db, storage)
    console.log(`[setup] New site created${config.seedDemo ? ' with demo content' : ''}.`)
  }
  await ensureFirstAdmin()
}
