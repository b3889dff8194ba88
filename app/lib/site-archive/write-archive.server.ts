import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { sql, type Kysely, type Transaction } from 'kysely'
import { Migrator } from 'kysely/migration'
import { pack, type Pack } from 'tar-stream'
import type { DatabaseHandle } from '#db/connect.ts'
import type { Database } from '#db/database.ts'
import { migrationProvider } from '#db/migrations/index.ts'
import { BUCKETS, type Storage } from '../storage/storage.ts'
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ARCHIVED_TABLES,
  AUTH_SECRET_ENTRY,
  fileEntryName,
  MANIFEST_ENTRY,
  ROWS_PER_ENTRY,
  tableEntryName,
  VAPID_KEYS_ENTRY,
  type ArchiveManifest,
  type ArchivedTable,
} from './archive-format.ts'
import { portableRow } from './portable-row.ts'
import { serializeVapidKeys, type VapidKeys } from '../vapid-keys.server.ts'

/** The site's secrets an archive carries, so that the restored site goes on where this one stands. */
export interface SiteSecrets {
  authSecret: string
  vapidKeys: VapidKeys
}

export interface ArchiveSummary {
  rows: Record<ArchivedTable, number>
  files: number
  authSecret: string
  /** Null for an archive made before push notifications. */
  vapidKeys: VapidKeys | null
}

/** The migrations applied to a database, in order. */
export async function appliedMigrations(database: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: migrationProvider(database.engine) })
  return (await migrator.getMigrations()).filter((migration) => migration.executedAt).map((migration) => migration.name)
}

/** Adds one entry, waiting while the archive's reader is behind, so a large site never sits in memory. */
async function addEntry(archive: Pack, name: string, body: Uint8Array) {
  if (!archive.entry({ name, size: body.byteLength }, body)) await once(archive, 'drain')
}

async function countRows(trx: Transaction<Database>, table: ArchivedTable): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`select count(*) as count from ${sql.table(table)}`.execute(trx)
  return Number(rows[0]?.count ?? 0)
}

async function writeTables(db: Kysely<Database>, engine: DatabaseHandle['engine'], archive: Pack, manifest: Omit<ArchiveManifest, 'rows'>) {
  // One transaction: every table as of the same moment, while the site keeps running.
  const transaction = engine === 'postgres' ? db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only') : db.transaction().setAccessMode('read only')
  return transaction.execute(async (trx) => {
    const rows = {} as Record<ArchivedTable, number>
    for (const { table } of ARCHIVED_TABLES) rows[table] = await countRows(trx, table)
    await addEntry(archive, MANIFEST_ENTRY, Buffer.from(JSON.stringify({ ...manifest, rows } satisfies ArchiveManifest, null, 2)))
    for (const { table, key } of ARCHIVED_TABLES) {
      for (let batch = 0; batch * ROWS_PER_ENTRY < rows[table]; batch++) {
        const { rows: found } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.ref(key)} limit ${ROWS_PER_ENTRY} offset ${batch * ROWS_PER_ENTRY}`.execute(trx)
        const lines = found.map((row) => JSON.stringify(portableRow(row))).join('\n')
        await addEntry(archive, tableEntryName(table, batch), Buffer.from(lines))
      }
    }
    return rows
  })
}

async function writeFiles(storage: Storage, archive: Pack): Promise<number> {
  let files = 0
  for (const bucket of BUCKETS) {
    for await (const key of storage.list(bucket)) {
      const object = await storage.get(bucket, key)
      // Deleted since it was listed: the rows written before no longer need it.
      if (!object) continue
      const chunks: Buffer[] = []
      for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array))
      await addEntry(archive, fileEntryName(bucket, key), Buffer.concat(chunks))
      files++
    }
  }
  return files
}

/**
 * Writes the whole site (its tables, then its files) as a gzipped tar to
 * `output`. Files are read after the rows, so every file a row names is in
 * the archive; a file uploaded meanwhile may be there without its row.
 */
export async function writeSiteArchive(database: DatabaseHandle, storage: Storage, secrets: SiteSecrets, output: Writable): Promise<ArchiveSummary> {
  const archive = pack()
  const written = pipeline(archive, createGzip(), output)
  try {
    const manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      engine: database.engine,
      migrations: await appliedMigrations(database),
    } as const
    const rows = await writeTables(database.db, database.engine, archive, manifest)
    await addEntry(archive, AUTH_SECRET_ENTRY, Buffer.from(secrets.authSecret))
    await addEntry(archive, VAPID_KEYS_ENTRY, Buffer.from(serializeVapidKeys(secrets.vapidKeys)))
    const files = await writeFiles(storage, archive)
    archive.finalize()
    await written
    return { rows, files, ...secrets }
  } catch (error) {
    archive.destroy(error as Error)
    await written.catch(() => {})
    throw error
  }
}
