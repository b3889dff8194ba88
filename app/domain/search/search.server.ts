import { sql, type RawBuilder } from 'kysely'
import { database, db } from '#app/lib/db.server.ts'
import { readNullableTimestamp } from '#db/portable.ts'
import type { SearchableTable } from '#db/tables/search.ts'
import { MARK_END, MARK_START, SEARCH_LIMITS, normalizedQuery, searchTerms, snippetParts, type SearchResults } from './search.ts'

/** Pages beyond this are not counted to: an offset stays bounded whatever the address says. */
const LAST_PAGE = 1000
/** Words of body around the matches a result shows. */
const SNIPPET_WORDS = 24

interface Row {
  subject: SearchableTable
  subject_id: string
  title: string
  url: string
  shown_at: string | Date | null
  snippet: string
  /** The newest matches counted, up to one more than are ranked. */
  matched: number | string
}

/** One page of a search, whatever the engine. */
interface EngineSearch {
  /** The matches a visitor may see, counted up to one more than are ranked. */
  count(terms: string[], now: string): Promise<number>
  page(terms: string[], now: string, offset: number, limit: number): Promise<Row[]>
}

/** One more than are ranked: whether there are more matches than that is known without counting them all. */
const MATCHES_COUNTED = SEARCH_LIMITS.ranked + 1
/** The order of docs/product-rules.md#site-search among the ranked matches (of `from`, if named); lower scores first. */
const resultOrder = (from = '') =>
  sql.raw(['title_start desc', 'in_title desc', 'score', 'shown_at desc nulls last', 'subject_id'].map((term) => (from ? `${from}.${term}` : term)).join(', '))

/** FTS5: each word quoted (its syntax cannot reach the engine), all required, the last one as a prefix. */
function ftsQuery(terms: string[]): string {
  return terms.map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`).join(' ')
}

/** FTS5: the title begins with the words, in their order (the last one as a prefix): an initial-token phrase. */
function ftsTitleStartQuery(terms: string[]): string {
  return `title : ^ ${terms.map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`).join(' + ')}`
}

/**
 * The matches of an FTS5 query a visitor may see, newest in the index first (its rowid: a document is indexed again
 * when it changes), with bm25, whether every word is in the title (`title_matches`) and whether the title begins with
 * them (`title_starts`), each read from the index once per search. `+rowid` keeps SQLite from turning those checks
 * into one whole-query lookup per title match.
 */
function sqliteMatches(query: string, now: string, { titleOnly, limit }: { titleOnly: boolean; limit: number }) {
  const inTitle = sql`(+search_index_fts.rowid in (select fts_row from title_matches))`
  const titleStart = sql`(+search_index_fts.rowid in (select fts_row from title_starts))`
  return sql`select search_index_fts.rowid as fts_row, s.subject, s.subject_id, s.shown_at,
      bm25(search_index_fts, 0, 0, 10.0, 1.0) as score, ${inTitle} as in_title, ${titleStart} as title_start
    from search_index_fts
    join search_index s on s.subject = search_index_fts.subject and s.subject_id = search_index_fts.subject_id
    where search_index_fts match ${query} ${titleOnly ? sql`and ${inTitle}` : sql``} and s.status = 'published' and s.visible_from <= ${now}
    order by search_index_fts.rowid desc
    limit ${limit}`
}

const sqliteSearch: EngineSearch = {
  async count(terms, now) {
    const { rows } = await sql<{ total: number }>`select count(*) as total from (select 1 from search_index_fts
      join search_index s on s.subject = search_index_fts.subject and s.subject_id = search_index_fts.subject_id
      where search_index_fts match ${ftsQuery(terms)} and s.status = 'published' and s.visible_from <= ${now}
      limit ${MATCHES_COUNTED})`.execute(db)
    return Number(rows[0]?.total ?? 0)
  },
  // Only the newest matches and the newest title matches are ranked: FTS5 reads its index newest first and stops at
  // the limit, so bm25 and the document's visibility are worked out for at most those, however many match. bm25()
  // works only in the query that scans the index: the candidates are kept apart (materialized, so SQLite does not
  // fold them back in), then ranked. Then only the page's ten documents are read whole and get a snippet, in one more
  // pass over the matches between the page's oldest and newest: looking each of the ten up by rowid would evaluate
  // the whole query, its prefix word's every form, ten times.
  async page(terms, now, offset, limit) {
    const query = ftsQuery(terms)
    const { rows } = await sql<Row>`with title_matches as materialized (
        select rowid as fts_row from search_index_fts where search_index_fts match ${`title : (${query})`}
      ),
      title_starts as materialized (
        select rowid as fts_row from search_index_fts where search_index_fts match ${ftsTitleStartQuery(terms)}
      ),
      recent as materialized (${sqliteMatches(query, now, { titleOnly: false, limit: MATCHES_COUNTED })}),
      titled as materialized (${sqliteMatches(query, now, { titleOnly: true, limit: SEARCH_LIMITS.titled })}),
      ranked as materialized (
        select candidates.*, (select count(*) from recent) as matched
        from (select * from recent union select * from titled) candidates
        order by ${resultOrder()}
        limit ${limit} offset ${offset}
      )
      select ranked.subject, ranked.subject_id, s.title, s.url, ranked.shown_at, ranked.matched,
        snippet(search_index_fts, 3, ${MARK_START}, ${MARK_END}, '…', ${SNIPPET_WORDS}) as snippet
      from search_index_fts
      cross join ranked on ranked.fts_row = +search_index_fts.rowid
      join search_index s on s.subject = ranked.subject and s.subject_id = ranked.subject_id
      where search_index_fts match ${query}
        and search_index_fts.rowid between (select min(fts_row) from ranked) and (select max(fts_row) from ranked)
      order by ${resultOrder('ranked')}`.execute(db)
    return rows
  },
}

/**
 * PostgreSQL: the words as a tsquery of plain lexemes (letters and digits only), all required, the last one as a
 * prefix; `inTitle` asks for each with the title's weight (A) in the stored words.
 */
function tsQuery(terms: string[], { inTitle = false } = {}): RawBuilder<unknown> {
  const text = terms
    .map((term, index) => {
      const flags = `${index === terms.length - 1 ? '*' : ''}${inTitle ? 'A' : ''}`
      return flags ? `${term}:${flags}` : term
    })
    .join(' & ')
  return sql`to_tsquery('english'::regconfig, ${text})`
}
/**
 * Whether a title begins with the words, in their order (the last one as a prefix), as FTS5's initial-token phrase
 * does: the title's words behind a mark that no text can make (`^` at position 1), hyphens as spaces as FTS5 splits
 * them, matched by the phrase of the mark and the words. Worked out only for a candidate already a title match.
 */
function postgresTitleStart(terms: string[]): RawBuilder<boolean> {
  const phrase = terms.map((term, index) => (index === terms.length - 1 ? `${term}:*` : term)).join(' <-> ')
  return sql<boolean>`(('''^'':1'::tsvector || to_tsvector('english'::regconfig, translate(s.title, '-', ' ')))
    @@ ('''^'''::tsquery <-> to_tsquery('english'::regconfig, ${phrase})))`
}
/** The weighted words (title A, body B) migration 0020 stores, and the title's words its GIN index holds. */
const WORDS = sql`words`
const TITLE_WORDS = sql`to_tsvector('english'::regconfig, title)`

/** The newest documents a visitor may see whose words (`WORDS` or `TITLE_WORDS`) match, by the time they became visible. */
function postgresMatches(words: RawBuilder<unknown>, query: RawBuilder<unknown>, now: string, limit: number) {
  return sql`select subject, subject_id from search_index
    where ${words} @@ ${query} and status = 'published' and visible_from <= ${now}
    order by visible_from desc, subject_id
    limit ${limit}`
}

const postgresSearch: EngineSearch = {
  async count(terms, now) {
    const { rows } = await sql<{ total: string | number }>`select count(*) as total from (${postgresMatches(WORDS, tsQuery(terms), now, MATCHES_COUNTED)}) matches`.execute(db)
    return Number(rows[0]?.total ?? 0)
  },
  // As on SQLite: the newest matches and the newest title matches are ranked, from their stored words; only the
  // page's ten get a snippet.
  async page(terms, now, offset, limit) {
    const query = tsQuery(terms)
    // Whether a candidate is a title match, from the stored words' weights: parsing each one's title again cost a
    // few ms a search.
    const titleQuery = tsQuery(terms, { inTitle: true })
    const options = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=${SNIPPET_WORDS}, MinWords=${Math.floor(SNIPPET_WORDS / 2)}`
    const { rows } = await sql<Row>`with recent as materialized (${postgresMatches(WORDS, query, now, MATCHES_COUNTED)}),
      titled as materialized (${postgresMatches(TITLE_WORDS, query, now, SEARCH_LIMITS.titled)}),
      ranked as (
        select s.subject, s.subject_id, s.title, s.url, s.shown_at, s.body, (select count(*) from recent) as matched,
          (${WORDS} @@ ${titleQuery}) as in_title,
          (case when ${WORDS} @@ ${titleQuery} then ${postgresTitleStart(terms)} else false end) as title_start,
          -ts_rank('{0.1, 0.2, 0.4, 1.0}', ${WORDS}, ${query}, 1) as score
        from (select * from recent union select * from titled) candidates
        join search_index s on s.subject = candidates.subject and s.subject_id = candidates.subject_id
        order by ${resultOrder()}
        limit ${limit} offset ${offset}
      )
      select subject, subject_id, title, url, shown_at, matched, ts_headline('english'::regconfig, body, ${query}, ${options}) as snippet
      from ranked
      order by ${resultOrder()}`.execute(db)
    return rows
  },
}

/**
 * Searches the published posts, pages, events and policies a visitor may see
 * at `now`: documents with every word (the last one also as the start of a
 * word), those with all of them in the title first, then by the engine's
 * relevance (title words weigh more), then the newest. Past
 * `SEARCH_LIMITS.ranked` matches, only the newest are ranked (with the newest
 * title matches), and the result says there are more. Whatever the query,
 * no error: words only reach the engine quoted, and a query without any
 * gives no results. See docs/product-rules.md#site-search.
 */
export async function searchSite({ query, page = 1, now = new Date() }: { query: string; page?: number; now?: Date }): Promise<SearchResults> {
  const searched = normalizedQuery(query)
  const terms = searchTerms(searched)
  const pageNumber = Number.isSafeInteger(page) ? Math.min(Math.max(page, 1), LAST_PAGE) : 1
  const empty: SearchResults = { query: searched, terms, page: pageNumber, total: 0, more: false, pageCount: 0, results: [] }
  if (!terms.length) return empty
  const engine = database.engine === 'postgres' ? postgresSearch : sqliteSearch
  const at = now.toISOString()
  const offset = (pageNumber - 1) * SEARCH_LIMITS.perPage
  const limit = Math.min(SEARCH_LIMITS.perPage, SEARCH_LIMITS.ranked - offset)
  const rows = limit > 0 ? await engine.page(terms, at, offset, limit) : []
  // A page past the last has no row to carry the count.
  const matched = rows[0] ? Number(rows[0].matched) : await engine.count(terms, at)
  if (!matched) return empty
  const total = Math.min(matched, SEARCH_LIMITS.ranked)
  return {
    ...empty,
    total,
    more: matched > SEARCH_LIMITS.ranked,
    pageCount: Math.ceil(total / SEARCH_LIMITS.perPage),
    results: rows.map((row) => ({
      type: row.subject,
      id: row.subject_id,
      title: row.title,
      url: row.url,
      date: readNullableTimestamp(row.shown_at),
      snippet: snippetParts(row.snippet),
    })),
  }
}
