import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'

/**
 * The site search's documents: the same table on both engines, and the
 * engine's own full-text structure beside it (docs/decisions/018-site-search.md).
 *
 * SQLite: an FTS5 table (Porter stemming, accents folded) that three triggers
 * keep in step with `search_index`, so whatever writes or empties the table
 * (the index itself, a site restore) leaves no stale words behind.
 * PostgreSQL: a GIN index on the weighted words (title A, body B) with the
 * 'english' configuration, which stems like Porter; the search uses the same
 * expression, so it is the one the index holds.
 *
 * The table starts empty: filling it needs the app's HTML-to-text and page
 * addresses, which db/ may not import. Start-up fills an empty index from the
 * content (app/domain/search/search-index.server.ts), on an upgraded site as
 * on a restored one.
 */
export function searchIndex(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('search_index')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('visible_from', t.timestamp, (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('shown_at', t.timestamp)
        .addPrimaryKeyConstraint('search_index_pkey', ['subject', 'subject_id'])
        .execute()

      if (engine === 'postgres') {
        await sql`create index search_index_words_idx on search_index using gin (
          (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, body), 'B'))
        )`.execute(db)
        return
      }
      await sql`create virtual table search_index_fts using fts5(
        subject unindexed, subject_id unindexed, title, body,
        tokenize = 'porter unicode61 remove_diacritics 2'
      )`.execute(db)
      await sql`create trigger search_index_fts_insert after insert on search_index begin
        insert into search_index_fts (subject, subject_id, title, body) values (new.subject, new.subject_id, new.title, new.body);
      end`.execute(db)
      await sql`create trigger search_index_fts_delete after delete on search_index begin
        delete from search_index_fts where subject = old.subject and subject_id = old.subject_id;
      end`.execute(db)
      await sql`create trigger search_index_fts_update after update on search_index begin
        delete from search_index_fts where subject = old.subject and subject_id = old.subject_id;
        insert into search_index_fts (subject, subject_id, title, body) values (new.subject, new.subject_id, new.title, new.body);
      end`.execute(db)
    },
  }
}
