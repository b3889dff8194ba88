import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Engine } from '../engine.ts'

const FTS_TRIGGERS = ['search_index_fts_insert', 'search_index_fts_delete', 'search_index_fts_update']

/**
 * SQLite: the site search's FTS5 table gets prefix indexes of one and two
 * letters. A search's last word is also matched as the start of a word, and a
 * short one ('p', 'sc') made FTS5 gather every indexed word it begins: on ten
 * years of content a one-letter search cost ten times a whole word's. With the
 * prefix indexes it is one list read, as for a whole word; three letters and
 * more already begin few enough words. The index grows about threefold.
 *
 * An FTS5 table's options are fixed when it is made, so it is made again under
 * the same name and the documents are copied with their rowids: the search
 * reads the newest written first. The triggers of 0012 are made again as they
 * were, to write to the new table (restated, not imported: a migration stays as
 * it shipped). PostgreSQL: nothing; its GIN index reads a
 * prefix as a range of its words. See docs/product-rules.md#site-search.
 */
export function searchPrefixes(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'sqlite') return
      // One transaction: Kysely runs SQLite's migrations outside one, and a stop half-way must not leave the
      // documents without their index or its triggers.
      await db.transaction().execute(async (tx) => {
        for (const trigger of FTS_TRIGGERS) await sql`drop trigger ${sql.id(trigger)}`.execute(tx)
        await sql`alter table search_index_fts rename to search_index_fts_unprefixed`.execute(tx)
        await sql`create virtual table search_index_fts using fts5(
          subject unindexed, subject_id unindexed, title, body,
          tokenize = 'porter unicode61 remove_diacritics 2',
          prefix = '1 2'
        )`.execute(tx)
        await sql`insert into search_index_fts (rowid, subject, subject_id, title, body)
          select rowid, subject, subject_id, title, body from search_index_fts_unprefixed order by rowid`.execute(tx)
        await sql`drop table search_index_fts_unprefixed`.execute(tx)
        await sql`create trigger search_index_fts_insert after insert on search_index begin
          insert into search_index_fts (subject, subject_id, title, body) values (new.subject, new.subject_id, new.title, new.body);
        end`.execute(tx)
        await sql`create trigger search_index_fts_delete after delete on search_index begin
          delete from search_index_fts where subject = old.subject and subject_id = old.subject_id;
        end`.execute(tx)
        await sql`create trigger search_index_fts_update after update on search_index begin
          delete from search_index_fts where subject = old.subject and subject_id = old.subject_id;
          insert into search_index_fts (subject, subject_id, title, body) values (new.subject, new.subject_id, new.title, new.body);
        end`.execute(tx)
      })
    },
  }
}
