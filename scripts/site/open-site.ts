import { connectDatabase, type DatabaseHandle } from '#db/connect.ts'
import type { AppConfig } from '#app/lib/env.server.ts'
import { createStorage } from '#app/lib/storage/storage.server.ts'
import type { Storage } from '#app/lib/storage/storage.ts'

export interface OpenSite {
  database: DatabaseHandle
  storage: Storage
  /** Where the site lives, for messages: "SQLite data/school.sqlite, files in data/storage". */
  description: string
  close(): Promise<void>
}

/** The database and file store a configuration names, as the server would open them. */
export function openSite(config: Pick<AppConfig, 'database' | 'storage'>): OpenSite {
  const database = connectDatabase(config.database)
  const where = config.database.engine === 'sqlite' ? `SQLite ${config.database.file}` : `PostgreSQL ${new URL(config.database.url).host}${new URL(config.database.url).pathname}`
  const files = config.storage.driver === 'local' ? `files in ${config.storage.root}` : `files in S3 bucket ${config.storage.bucket}`
  return { database, storage: createStorage(config.storage), description: `${where}, ${files}`, close: () => database.destroy() }
}

/** Runs a command-line task: its message on success, a one-line reason and exit code 1 on failure. */
export async function runTask(task: () => Promise<string>) {
  try {
    console.log(await task())
  } catch (error) {
    const known = error instanceof Error && ['ArchiveError', 'ConfigError', 'UsageError'].includes(error.name)
    console.error(known ? error.message : error)
    process.exitCode = 1
  }
}

export class UsageError extends Error {
  override name = 'UsageError'
}
