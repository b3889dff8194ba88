import { sql } from 'kysely'
import { followWritesInSearchIndex, rebuildSearchIndex, rebuildSearchIndexIfEmpty } from '#app/domain/search/search-index.server.ts'
import { ensureFirstAdmin } from '#app/domain/user/first-admin.server.ts'
import { removeExpiredUnconfirmedAccounts } from '#app/domain/user/unconfirmed-accounts.server.ts'
import { isFreshDatabase, seedBaseContent, seedDemoContent } from '#app/services/seed/seed.ts'
import { database } from '#app/lib/db.server.ts'
import { ConfigError, config } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { makeDataPrivate } from '#app/lib/private-data.server.ts'
import { siteTimeZone, storeDefaultTimeZone } from '#app/lib/site-time-zone.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'

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

/** The file store as the settings name it, for a start-up error. */
function fileStoreName() {
  const { storage: settings } = config
  if (settings.driver === 'local') return `the folder ${settings.root}`
  return `the S3 bucket '${settings.bucket}'${settings.endpoint ? ` at ${settings.endpoint}` : ''}`
}

/** The store answered and refused (4xx: no such bucket, wrong keys, wrong region): waiting will not help. */
function storeRefused(error: unknown) {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode
  return status !== undefined && status >= 400 && status < 500
}

/**
 * A new site cannot be created without its file store, and a store that
 * refuses this site will not start working by itself: both stop start-up
 * with a message saying what to fix, rather than an SDK stack trace later.
 * A store that is only unreachable lets an existing site start, not ready
 * (/readyz) until the store answers, as when it goes away while running.
 */
async function checkFileStore({ newSite }: { newSite: boolean }) {
  try {
    await storage.ping()
  } catch (error) {
    // The SDK's error names say the most ('NotFound', 'InvalidAccessKeyId'); a plain Error's message is enough.
    const reason = !(error instanceof Error) ? String(error) : error.name === 'Error' ? error.message : `${error.name}: ${error.message}`
    const problem = `Cannot use ${fileStoreName()} for uploaded files (${reason}).`
    if (newSite || storeRefused(error)) throw new ConfigError(`${problem} Check that it exists and that the S3_* settings (or DATA_DIR) point at it with write access.`)
    logger.warn(`${problem} Starting anyway: /readyz reports the store until it answers.`)
  }
}

/** A data folder from a version that left it readable by other local accounts is made private. */
function protectDataFolder() {
  const sqlite = config.database.engine === 'sqlite' ? [config.database.file, `${config.database.file}-wal`, `${config.database.file}-shm`] : []
  try {
    const changed = makeDataPrivate(config.dataDir, sqlite)
    if (changed) logger.info(`Made ${changed} files and folders in ${config.dataDir} private to this account.`)
  } catch (error) {
    logger.warn({ err: error }, `Could not make ${config.dataDir} private to this account: other local accounts may read it. Check its owner.`)
  }
}

/**
 * Start-up work: protect the data folder, migrate, check the file store, fill a fresh database, build a missing
 * search index (an upgraded or restored site), make sure an administrator exists. From here on every write keeps
 * the search index in step (in every process that writes).
 */
/**
 * Says whether the site was new (its content was just made), and what the person starting it must read once the
 * site listens (the first administrator's password), if anything.
 */
export async function bootstrap({ setUp = true }: { setUp?: boolean } = {}): Promise<{ newSite: boolean; notice: string | null }> {
  followWritesInSearchIndex()
  // Another worker process has done the rest (server/workers.js).
  if (!setUp) return { newSite: false, notice: null }
  protectDataFolder()
  let newSite = false
  let notice: string | null = null
  await withStartupLock(async () => {
    await database.migrate()
    newSite = await isFreshDatabase(database.db)
    await storeDefaultTimeZone()
    await checkFileStore({ newSite })
    if (newSite) {
      await seedBaseContent(database.db, storage)
      if (config.seedDemo) await seedDemoContent(database.db, storage, await siteTimeZone())
      logger.info(`New site created${config.seedDemo ? ' with demo content' : ''}.`)
    }
    // The demo content is written partly as rows and partly through operations that index
    // themselves, so a new site's index is built whole once everything is there.
    if (newSite) await rebuildSearchIndex()
    else await rebuildSearchIndexIfEmpty()
    notice = await ensureFirstAdmin()
    await removeExpiredUnconfirmedAccounts()
  })
  return { newSite, notice }
}
