import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'
import { frozenSlug } from './frozen-slug.ts'

/**
 * Policies get a stable address (`slug`), an optional category and review
 * date, and keep every document they were given as a version
 * (docs/decisions/027-policy-documents.md). Existing policies get a slug
 * from their title and their current document as their first version.
 */
export function policyDocuments(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('policy_categories')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()

      // Not null on both engines (SQLite cannot add the constraint later): every row gets its slug below, before the unique index.
      await db.schema.alterTable('policies').addColumn('slug', 'text', (c) => c.notNull().defaultTo('')).execute()
      // No foreign key: a site archive restores tables in its own order, and the category operations keep it pointing at a real row.
      await db.schema.alterTable('policies').addColumn('category_id', 'text').execute()
      // A calendar date ('2027-09-01'), the same text on both engines.
      await db.schema.alterTable('policies').addColumn('review_date', 'text').execute()
      // SQLite cannot add a column whose default is a function to a table with rows: null reads as 'never changed since created_at'.
      await db.schema.alterTable('policies').addColumn('updated_at', t.timestamp).execute()

      await db.schema
        .createTable('policy_versions')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('policy_id', 'text', (c) => c.notNull())
        .addColumn('file_url', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text')
        .addColumn('size', 'integer')
        .addColumn('content_type', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .execute()
      await db.schema.createIndex('policy_versions_policy_idx').on('policy_versions').columns(['policy_id', 'created_at']).execute()
      await db.schema.createIndex('policy_versions_file_idx').on('policy_versions').column('file_url').execute()

      const { rows } = await sql<{ id: string; title: string; file_url: string | null; created_at: string | Date }>`select id, title, file_url, created_at from policies order by created_at, id`.execute(db)
      const taken = new Set<string>()
      for (const policy of rows) {
        const base = frozenSlug(policy.title, { maxLength: 100, fallback: 'policy' })
        let slug = base
        for (let n = 2; taken.has(slug); n++) slug = `${base.slice(0, 95)}-${n}`
        taken.add(slug)
        await sql`update policies set slug = ${slug}, updated_at = created_at where id = ${policy.id}`.execute(db)
        if (policy.file_url) {
          const name = policy.file_url.startsWith('/files/') ? (policy.file_url.split('/').pop() ?? null) : null
          const createdAt = policy.created_at instanceof Date ? policy.created_at.toISOString() : policy.created_at
          await sql`insert into policy_versions (id, policy_id, file_url, file_name, created_at) values (${crypto.randomUUID()}, ${policy.id}, ${policy.file_url}, ${name}, ${createdAt})`.execute(db)
        }
      }
      await db.schema.createIndex('policies_slug_idx').on('policies').column('slug').unique().execute()
      await db.schema.createIndex('policies_review_date_idx').on('policies').column('review_date').execute()
    },
  }
}
