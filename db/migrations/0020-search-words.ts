import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Engine } from '../engine.ts'

/**
 * PostgreSQL keeps each search document's weighted words (title A, body B) in
 * a stored column, `words`, and its GIN index moves onto that column. The
 * index of migration 0012 held the words of an expression, but ranking and the
 * title check read the row, so every match had its whole text parsed again on
 * every search (seconds for ten thousand matches); a stored vector is read, not
 * parsed. The titles' words get a GIN index of their own. SQLite's FTS5 table keeps what it ranks with already: nothing to do.
 * See docs/product-rules.md#site-search.
 */
export function searchWords(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return
      await sql`alter table search_index add column words tsvector generated always as (
        setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, body), 'B')
      ) stored`.execute(db)
      await sql`create index search_index_words_stored_idx on search_index using gin (words)`.execute(db)
      await db.schema.dropIndex('search_index_words_idx').execute()
      // The newest title matches are found from their own index: checking the title's weight in `words` would read
      // the stored words of every match.
      await sql`create index search_index_title_words_idx on search_index using gin (to_tsvector('english'::regconfig, title))`.execute(db)
    },
  }
}
