import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'

/**
 * Better Auth's API-key plugin (the apikey table, with the column names its
 * schema uses): keys of the content API, stored as SHA-256 hashes, each
 * owned by a user and removed with that user.
 */
export function apiKeys(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('apikey')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('configId', 'text', (c) => c.notNull().defaultTo('default'))
        .addColumn('name', 'text')
        .addColumn('start', 'text')
        .addColumn('referenceId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('prefix', 'text')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('refillInterval', 'integer')
        .addColumn('refillAmount', 'integer')
        .addColumn('lastRefillAt', t.authTimestamp)
        .addColumn('enabled', t.boolean, (c) => c.defaultTo(t.bool(true)))
        .addColumn('rateLimitEnabled', t.boolean, (c) => c.defaultTo(t.bool(true)))
        .addColumn('rateLimitTimeWindow', 'integer')
        .addColumn('rateLimitMax', 'integer')
        .addColumn('requestCount', 'integer', (c) => c.defaultTo(0))
        .addColumn('remaining', 'integer')
        .addColumn('lastRequest', t.authTimestamp)
        .addColumn('expiresAt', t.authTimestamp)
        .addColumn('createdAt', t.authTimestamp, (c) => c.notNull())
        .addColumn('updatedAt', t.authTimestamp, (c) => c.notNull())
        .addColumn('permissions', 'text')
        .addColumn('metadata', 'text')
        .execute()
      await db.schema.createIndex('apikey_key_idx').on('apikey').column('key').unique().execute()
      await db.schema.createIndex('apikey_referenceId_idx').on('apikey').column('referenceId').execute()
      await db.schema.createIndex('apikey_configId_idx').on('apikey').column('configId').execute()
    },
  }
}
