import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError, loadConfig } from '#app/lib/env.server.ts'

describe('configuration', () => {
  test('needs nothing: port 3000, SQLite and files under ./data', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.dataDir).toBe(path.resolve('data'))
    expect(config.database).toEqual({ engine: 'sqlite', file: path.resolve('data', 'school.sqlite') })
    expect(config.storage).toEqual({ driver: 'local', root: path.resolve('data', 'storage') })
    expect(config.seedDemo).toBe(true)
    expect(config.publicUrl).toBe('http://localhost:3000')
  })

  test('a postgres URL selects PostgreSQL; a path selects a SQLite file', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/school' }).database).toEqual({
      engine: 'postgres',
      url: 'postgres://u:p@db:5432/school',
    })
    expect(loadConfig({ DATABASE_URL: '/srv/school.db' }).database).toEqual({ engine: 'sqlite', file: '/srv/school.db' })
  })

  test('S3 settings select the S3 driver', () => {
    const config = loadConfig({ S3_BUCKET: 'school', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })
    expect(config.storage).toMatchObject({ driver: 's3', bucket: 'school', forcePathStyle: true })
  })

  test.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/school' }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-email' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: '123' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'short' }],
    ['S3_BUCKET', { STORAGE_DRIVER: 's3' }],
  ])('a bad %s stops start-up with a message naming it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`))
  })
})
