import type { SearchableTable } from '#db/tables/search.ts'

/** The site search's limits and words; see docs/product-rules.md#site-search. */
export const SEARCH_LIMITS = {
  /** Longer queries are cut here: the work a query makes stays bounded. */
  queryLength: 200,
  /** Words after these are ignored. */
  terms: 12,
  perPage: 10,
  /**
   * A query is ranked among at most this many of its newest matches (and the
   * newest `titled` with every word in the title): the cost of a search stays
   * bounded however many years of content share a common word.
   */
  ranked: 1000,
  titled: 100,
} as const

export const SEARCH_MESSAGES = {
  empty: 'Type a word to search the site.',
  noMatch: (query: string) => `No results for "${query}". Try a different word.`,
  count: (total: number, more = false) => (more ? `More than ${total.toLocaleString('en')} results` : total === 1 ? '1 result' : `${total} results`),
} as const

export const SEARCH_TYPE_LABELS: Record<SearchableTable, string> = {
  blogs: 'Post',
  pages: 'Page',
  events: 'Event',
  policies: 'Policy',
}

/** A piece of a snippet: shown as text, `highlighted` ones marked. Never HTML. */
export interface SnippetPart {
  text: string
  highlighted: boolean
}

export interface SearchResult {
  type: SearchableTable
  id: string
  title: string
  url: string
  /** ISO time: a post's or page's publication, an event's start; null for a policy. */
  date: string | null
  snippet: SnippetPart[]
}

export interface SearchResults {
  /** The query as searched: trimmed and cut to the limit. */
  query: string
  /** The words searched for; none when the query holds no word. */
  terms: string[]
  page: number
  /** The results in all pages; with `more`, the number ranked, fewer than match. */
  total: number
  /** More documents match than are ranked: only the newest are (see SEARCH_LIMITS.ranked). */
  more: boolean
  pageCount: number
  results: SearchResult[]
}

/**
 * Words both engines drop as too common to search for (PostgreSQL's English
 * list): removed from every query on both, so both match the same documents.
 */
const STOP_WORDS = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself
  they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having
  do does did doing a an the and but if or because as until while of at by for with about against between into through during before
  after above below to from up down in out on off over under again further then once here there when where why how all any both each
  few more most other some such no nor not only own same so than too very s t can will just don should now`.split(/\s+/),
)

/** The query as it is searched: trimmed, cut to the limit, spaces made single. */
export function normalizedQuery(query: string): string {
  return query.replace(/\s+/g, ' ').trim().slice(0, SEARCH_LIMITS.queryLength).trim()
}

/**
 * The words of what a visitor typed, safe for either engine's query syntax:
 * only letters and digits survive (quotes, `*`, `-`, `:`, `^`, brackets are
 * separators), common words (AND, OR and NOT among them) and NEAR are dropped,
 * lower case, each once. A query of syntax alone gives no words: no results.
 */
export function searchTerms(query: string): string[] {
  const words = normalizedQuery(query)
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    // FTS5's proximity operator, written as one; and, or, not are common words already.
    .filter((word) => word !== 'NEAR')
    .map((word) => word.toLowerCase())
    .filter((word) => word && !STOP_WORDS.has(word))
  return [...new Set(words)].slice(0, SEARCH_LIMITS.terms)
}

/** The marks snippets come back with from the database: control characters, removed from indexed text beforehand. */
export const MARK_START = '\u0001'
export const MARK_END = '\u0002'

/** A database snippet with its marks, as parts; a part is never empty. */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = []
  let highlighted = false
  for (const piece of marked.split(new RegExp(`([${MARK_START}${MARK_END}])`))) {
    if (piece === MARK_START) highlighted = true
    else if (piece === MARK_END) highlighted = false
    else if (piece) {
      const last = parts.at(-1)
      if (last && last.highlighted === highlighted) last.text += piece
      else parts.push({ text: piece, highlighted })
    }
  }
  return parts
}
