import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'

/**
 * Better Auth's two-factor plugin (user.twoFactorEnabled, the twoFactor
 * table) and passkey plugin (the passkey table), with the column names its
 * schema uses; and the site's own settings (e.g. whether staff must use 2FA).
 */
export function accountSecurity(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('user').addColumn('twoFactorEnabled', t.boolean, (c) => c.defaultTo(t.bool(false))).execute()
      await db.schema
        .createTable('twoFactor')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('backupCodes', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('verified', t.boolean, (c) => c.defaultTo(t.bool(true)))
        .addColumn('failedVerificationCount', 'integer', (c) => c.defaultTo(0))
        .addColumn('lockedUntil', t.authTimestamp)
        .execute()
      await db.schema.createIndex('twoFactor_userId_idx').on('twoFactor').column('userId').execute()
      await db.schema.createIndex('twoFactor_secret_idx').on('twoFactor').column('secret').execute()
      await db.schema
        .createTable('passkey')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text')
        .addColumn('publicKey', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('credentialID', 'text', (c) => c.notNull())
        .addColumn('counter', 'integer', (c) => c.notNull())
        .addColumn('deviceType', 'text', (c) => c.notNull())
        .addColumn('backedUp', t.boolean, (c) => c.notNull())
        .addColumn('transports', 'text')
        .addColumn('createdAt', t.authTimestamp)
        .addColumn('aaguid', 'text')
        .execute()
      await db.schema.createIndex('passkey_userId_idx').on('passkey').column('userId').execute()
      await db.schema.createIndex('passkey_credentialID_idx').on('passkey').column('credentialID').execute()
      await db.schema
        .createTable('site_settings')
        .addColumn('key', 'text', (c) => c.primaryKey().notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute()
    },
  }
}
