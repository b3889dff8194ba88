import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'

export function initialSchema(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      // Better Auth's core tables, as its generator writes them for each engine.
      await db.schema
        .createTable('user')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', t.boolean, (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('createdAt', t.authTimestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('updatedAt', t.authTimestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      await db.schema
        .createTable('session')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('expiresAt', t.authTimestamp, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', t.authTimestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('updatedAt', t.authTimestamp, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .execute()
      await db.schema
        .createTable('account')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', t.authTimestamp)
        .addColumn('refreshTokenExpiresAt', t.authTimestamp)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', t.authTimestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('updatedAt', t.authTimestamp, (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('verification')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', t.authTimestamp, (c) => c.notNull())
        .addColumn('createdAt', t.authTimestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('updatedAt', t.authTimestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute()
      await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute()
      await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute()

      // People: profiles (name, status) and user_roles (one role each), keyed by the auth user.
      await db.schema
        .createTable('profiles')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull().references('user.id').onDelete('cascade'))
        .addColumn('full_name', 'text')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected')`),
        )
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'text', (c) => c.primaryKey().notNull().references('user.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) =>
          c.notNull().defaultTo('user').check(sql`role in ('user', 'editor', 'admin')`),
        )
        .execute()

      // Site: home sections and themes.
      await db.schema
        .createTable('sections')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('content', t.json, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      await db.schema
        .createTable('themes')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('is_active', t.boolean, (c) => c.notNull().defaultTo(t.bool(false)))
        .addColumn('colors', t.json, (c) => c.notNull())
        .addColumn('section_styles', t.json, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      // At most one active theme, enforced by the database itself.
      await db.schema
        .createIndex('themes_one_active')
        .on('themes')
        .column('is_active')
        .unique()
        .where(sql.ref('is_active'), '=', t.bool(true))
        .execute()

      // Content.
      await db.schema
        .createTable('blogs')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('excerpt', 'text')
        .addColumn('cover_image', 'text')
        .addColumn('published_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      await db.schema.createIndex('blogs_published_at_idx').on('blogs').column('published_at').execute()
      await db.schema
        .createTable('events')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('start_date', t.timestamp, (c) => c.notNull())
        .addColumn('end_date', t.timestamp)
        .addColumn('image_url', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      await db.schema.createIndex('events_start_date_idx').on('events').column('start_date').execute()
      await db.schema
        .createTable('policies')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('file_url', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      await db.schema
        .createTable('testimonials')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('parent_name', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) =>
          c.notNull().defaultTo(5).check(sql`rating between 1 and 5`),
        )
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      await db.schema
        .createTable('gallery_folders')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('external_use', t.boolean, (c) => c.notNull().defaultTo(t.bool(true)))
        .addColumn('enabled', t.boolean, (c) => c.notNull().defaultTo(t.bool(true)))
        .execute()
      await db.schema
        .createTable('gallery')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('title', 'text')
        .addColumn('image_url', 'text', (c) => c.notNull())
        .addColumn('folder', 'text', (c) => c.notNull().defaultTo('general'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      await db.schema.createIndex('gallery_folder_idx').on('gallery').column('folder').execute()
      await db.schema
        .createTable('contact_messages')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('read', t.boolean, (c) => c.notNull().defaultTo(t.bool(false)))
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
    },
  }
}
