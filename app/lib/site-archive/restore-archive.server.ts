import type { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { sql, type Kysely } from 'kysely'
import { Migrator } from 'kysely/migration'
import { extract } from 'tar-stream'
import type { DatabaseHandle } from '#db/connect.ts'
import type { Database } from '#db/database.ts'
import { migrationProvider } from '#db/migrations/index.ts'
import { BUCKETS, contentTypeFor, isBucket, type Storage } from '../storage/storage.ts'
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, ARCHIVED_TABLES, AUTH_SECRET_ENTRY, DERIVED_TABLES, MANIFEST_ENTRY, MIGRATION_FILLED_TABLES, TRANSIENT_TABLES, VAPID_KEYS_ENTRY, type ArchiveManifest, type ArchivedTable } from './archive-format.ts'
import { appliedMigrations, type ArchiveSummary } from './write-archive.server.ts'
import { readVapidKeys, type VapidKeys } from '../vapid-keys.server.ts'

export class ArchiveError extends Error {
  override name = 'ArchiveError'
}

export interface RestoreOptions {
  /** Empty the target's tables and files first. Without it, a target with content is refused. */
  replace?: boolean
}

const ENTRY = /^(?:database\/(?<table>\w+)\/\d+\.ndjson|files\/(?<bucket>[a-z]+)\/(?<key>.+))$/

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

function parseManifest(text: string): ArchiveManifest {
  const manifest = JSON.parse(text) as Partial<ArchiveManifest>
  if (manifest.format !== ARCHIVE_FORMAT) throw new ArchiveError('This file is not a school website archive.')
  if (manifest.version !== ARCHIVE_VERSION || !Array.isArray(manifest.migrations) || !manifest.rows) {
    throw new ArchiveError(`This archive has format version ${String(manifest.version)}; this version of the app reads version ${ARCHIVE_VERSION}.`)
  }
  return manifest as ArchiveManifest
}

/** Brings the target's schema to the archive's, so its rows fit; refuses archives of a newer app. */
async function prepareSchema(target: DatabaseHandle, manifest: ArchiveManifest) {
  const known = (await new Migrator({ db: target.db, provider: migrationProvider(target.engine) }).getMigrations()).map((migration) => migration.name)
  const unknown = manifest.migrations.filter((name) => !known.includes(name))
  if (unknown.length) throw new ArchiveError(`This archive was made by a newer version of the app (migrations ${unknown.join(', ')}): upgrade the app first.`)
  const applied = await appliedMigrations(target)
  const last = manifest.migrations.at(-1)
  if (applied.length > manifest.migrations.length) {
    throw new ArchiveError('The target database is newer than the archive: restore into an empty data folder or database.')
  }
  if (last) await target.migrate(last)
}

/** The site's tables the target has so far: an older archive's schema lacks the tables added since. */
async function existingTables(db: Kysely<Database>): Promise<Set<string>> {
  return new Set((await db.introspection.getTables()).map((table) => table.name))
}

async function hasContent(db: Kysely<Database>): Promise<boolean> {
  const existing = await existingTables(db)
  const filledByMigrations: readonly string[] = MIGRATION_FILLED_TABLES
  for (const { table } of ARCHIVED_TABLES.filter((entry) => existing.has(entry.table) && !filledByMigrations.includes(entry.table))) {
    const { rows } = await sql`select 1 from ${sql.table(table)} limit 1`.execute(db)
    if (rows.length) return true
  }
  return false
}

async function emptySite(db: Kysely<Database>, storage: Storage) {
  const existing = await existingTables(db)
  await db.transaction().execute(async (trx) => {
    for (const table of [...TRANSIENT_TABLES, ...DERIVED_TABLES, ...ARCHIVED_TABLES.map((entry) => entry.table).reverse()].filter((name) => existing.has(name))) {
      await sql`delete from ${sql.table(table)}`.execute(trx)
    }
  })
  for (const bucket of BUCKETS) {
    for await (const key of storage.list(bucket)) await storage.delete(bucket, key)
  }
}

async function insertRows(db: Kysely<Database>, table: ArchivedTable, rows: Record<string, unknown>[]) {
  if (!rows.length) return
  const columns = Object.keys(rows[0]!)
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(
    rows.map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`),
  )}`.execute(db)
}

/**
 * Restores a site archive into `target` and `storage`, in one pass over the
 * stream: schema first (up to the archive's migrations), then rows, then
 * files, then the migrations added since. The counts are checked at the end.
 */
export async function restoreSiteArchive(input: Readable, target: DatabaseHandle, storage: Storage, options: RestoreOptions = {}): Promise<ArchiveSummary> {
  const entries = extract()
  const gunzip = createGunzip()
  // Errors of the file or of decompression end the reading with a message, not a crash.
  input.on('error', (error) => entries.destroy(error))
  gunzip.on('error', () => entries.destroy(new ArchiveError('This file is not a school website archive.')))
  input.pipe(gunzip).pipe(entries)
  const iterator = entries[Symbol.asyncIterator]()

  const first = await iterator.next()
  if (first.done || first.value.header.name !== MANIFEST_ENTRY) throw new ArchiveError('This file is not a school website archive.')
  const manifest = parseManifest((await readAll(first.value)).toString('utf8'))
  await prepareSchema(target, manifest)
  if (options.replace) await emptySite(target.db, storage)
  else if (await hasContent(target.db)) {
    throw new ArchiveError('The target site already has content. Restore into an empty data folder or database, or pass --force to replace it.')
  }

  const rows = Object.fromEntries(ARCHIVED_TABLES.map(({ table }) => [table, 0])) as Record<ArchivedTable, number>
  const archived: readonly string[] = ARCHIVED_TABLES.map((entry) => entry.table)
  let files = 0
  let authSecret = ''
  let vapidKeys: VapidKeys | null = null
  // All rows or none: a broken archive leaves the target as it was (files already copied stay, unreferenced).
  const existing = await existingTables(target.db)
  await target.db.transaction().execute(async (trx) => {
    for (const table of MIGRATION_FILLED_TABLES.filter((name) => existing.has(name))) await sql`delete from ${sql.table(table)}`.execute(trx)
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const name = next.value.header.name
      const body = await readAll(next.value)
      const { table, bucket, key } = ENTRY.exec(name)?.groups ?? {}
      if (name === AUTH_SECRET_ENTRY) {
        authSecret = body.toString('utf8')
      } else if (name === VAPID_KEYS_ENTRY) {
        vapidKeys = readVapidKeys(body.toString('utf8'))
        if (!vapidKeys) throw new ArchiveError('The archive is damaged: its push notification keys cannot be read.')
      } else if (table && archived.includes(table)) {
        const batch = body.toString('utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)
        await insertRows(trx, table as ArchivedTable, batch)
        rows[table as ArchivedTable] += batch.length
      } else if (bucket && key && isBucket(bucket)) {
        await storage.put(bucket, key, body, contentTypeFor(key))
        files++
      } else {
        throw new ArchiveError(`Unexpected entry in the archive: ${name}`)
      }
    }
    if (!authSecret) throw new ArchiveError('The archive is incomplete: it has no auth secret.')
    for (const { table } of ARCHIVED_TABLES) {
      if (rows[table] !== (manifest.rows[table] ?? 0)) throw new ArchiveError(`The archive is incomplete: ${table} has ${rows[table]} of ${manifest.rows[table]} rows.`)
    }
  })
  await target.migrate()
  return { rows, files, authSecret, vapidKeys }
}
