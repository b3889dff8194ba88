import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { startTestPostgres } from './postgres-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string
  }
}

/** One PostgreSQL cluster per test run; each test file creates its own database in it. */
export default async function setup(project: TestProject) {
  const server = await startTestPostgres()
  project.provide('postgresAdminUrl', server.url('postgres'))
  return async () => {
    await server.stop()
  }
}

export async function createTestDatabase(adminUrl: string): Promise<string> {
  const name = `test_${crypto.randomUUID().replaceAll('-', '')}`
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(`create database ${name}`)
  } finally {
    await client.end()
  }
  return adminUrl.replace(/\/postgres$/, `/${name}`)
}
