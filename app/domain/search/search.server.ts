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
  /** Every match's count, when the engine counts them in the same pass as it ranks them. */
  total?: number | string
}

/** One page of a search, whatever the engine. */
interface EngineSearch {
  count(terms: string[], now: string): Promise<number>
  page(terms: string[], now: string, offset: number): Promise<Row[]>
}

/** FTS5: each word quoted (its syntax cannot reach the engine), all required, the last one as a prefix. */
function ftsQuery(terms: string[]): string {
  return terms.map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`).join(' ')
}

const sqliteSearch: EngineSearch = {
  async count(terms, now) {
    const { rows } = await sql<{ total: number }>`select count(*) as total from search_index_fts
      join search_index s on s.subject = search_index_fts.subject and s.subject_id = search_index_fts.subject_id
      where search_index_fts match ${ftsQuery(terms)} and s.status = 'published' and s.visible_from <= ${now}`.execute(db)
    return Number(rows[0]?.total ?? 0)
  },
  // The page is ranked first from the index alone (the match, the visibility check, bm25), counting the matches in
  // the same pass, then only its ten documents are read whole and get a snippet: SQLite works out a query's columns
  // for every row it sorts, and a snippet for each of ten thousand matches costs more than the whole ranking.
  async page(terms, now, offset) {
    const query = ftsQuery(terms)
    // bm25() works only in the query that scans the index, and a window count cannot share that query: the matches are
    // kept apart first (materialized, so SQLite does not fold them back in), then counted and ranked.
    const { rows } = await sql<Row>`with matched as materialized (
        select search_index_fts.rowid as fts_row, s.subject, s.subject_id, s.shown_at,
          (search_index_fts.rowid in (select rowid from search_index_fts where search_index_fts match ${`title : (${query})`})) as in_title,
          bm25(search_index_fts, 0, 0, 10.0, 1.0) as score
        from search_index_fts
        join search_index s on s.subject = search_index_fts.subject and s.subject_id = search_index_fts.subject_id
        where search_index_fts match ${query} and s.status = 'published' and s.visible_from <= ${now}
      ),
      ranked as (
        select matched.*, count(*) over () as total from matched
        order by in_title desc, score, shown_at desc nulls last, subject_id
        limit ${SEARCH_LIMITS.perPage} offset ${offset}
      )
      select ranked.subject, ranked.subject_id, s.title, s.url, ranked.shown_at, ranked.total,
        snippet(search_index_fts, 3, ${MARK_START}, ${MARK_END}, '…', ${SNIPPET_WORDS}) as snippet
      from ranked
      join search_index_fts on search_index_fts.rowid = ranked.fts_row
      join search_index s on s.subject = ranked.subject and s.subject_id = ranked.subject_id
      where search_index_fts match ${query}
      order by ranked.in_title desc, ranked.score, ranked.shown_at desc nulls last, ranked.subject_id`.execute(db)
    return rows
  },
}

/** PostgreSQL: the words as a tsquery of plain lexemes (letters and digits only), all required, the last one as a prefix. */
function tsQuery(terms: string[]): RawBuilder<unknown> {
  const text = terms.map((term, index) => `${term}${index === terms.length - 1 ? ':*' : ''}`).join(' & ')
  return sql`to_tsquery('english'::regconfig, ${text})`
}
/** The expression the GIN index of migration 0012 holds: written the same, so the index serves it. */
const WORDS = sql`(setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, body), 'B'))`

const postgresSearch: EngineSearch = {
  async count(terms, now) {
    const { rows } = await sql<{ total: string | number }>`select count(*) as total from search_index
      where ${WORDS} @@ ${tsQuery(terms)} and status = 'published' and visible_from <= ${now}`.execute(db)
    return Number(rows[0]?.total ?? 0)
  },
  async page(terms, now, offset) {
    const query = tsQuery(terms)
    const options = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=${SNIPPET_WORDS}, MinWords=${Math.floor(SNIPPET_WORDS / 2)}`
    const { rows } = await sql<Row>`select subject, subject_id, title, url, shown_at,
        ts_headline('english'::regconfig, body, ${query}, ${options}) as snippet,
        count(*) over () as total
      from search_index
      where ${WORDS} @@ ${query} and status = 'published' and visible_from <= ${now}
      order by
        (to_tsvector('english'::regconfig, title) @@ ${query}) desc,
        ts_rank('{0.1, 0.2, 0.4, 1.0}', ${WORDS}, ${query}, 1) desc,
        shown_at desc nulls last, subject_id
      limit ${SEARCH_LIMITS.perPage} offset ${offset}`.execute(db)
    return rows
  },
}

/**
 * Searches the published posts, pages, events and policies a visitor may see
 * at `now`: documents with every word (the last one also as the start of a
 * word), those with all of them in the title first, then by the engine's
 * relevance (title words weigh more), then the newest. Whatever the query,
 * no error: words only reach the engine quoted, and a query without any
 * gives no results. See docs/product-rules.md#site-search.
 */
export async function searchSite({ query, page = 1, now = new Date() }: { query: string; page?: number; now?: Date }): Promise<SearchResults> {
  const searched = normalizedQuery(query)
  const terms = searchTerms(searched)
  const pageNumber = Number.isSafeInteger(page) ? Math.min(Math.max(page, 1), LAST_PAGE) : 1
  const empty: SearchResults = { query: searched, terms, page: pageNumber, total: 0, pageCount: 0, results: [] }
  if (!terms.length) return empty
  const engine = database.engine === 'postgres' ? postgresSearch : sqliteSearch
  const at = now.toISOString()
  const rows = await engine.page(terms, at, (pageNumber - 1) * SEARCH_LIMITS.perPage)
  // A page past the last has no row to carry the count.
  const total = rows[0]?.total === undefined ? await engine.count(terms, at) : Number(rows[0].total)
  if (!total) return empty
  return {
    ...empty,
    total,
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
