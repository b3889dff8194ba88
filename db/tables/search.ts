import type { NullableTimestamp, RequiredTimestamp } from '../columns.ts'
import type { PublishStatus } from './content.ts'

/** The tables the site search covers; see docs/product-rules.md#site-search. */
export const SEARCHABLE_TABLES = ['blogs', 'pages', 'events', 'policies'] as const
export type SearchableTable = (typeof SEARCHABLE_TABLES)[number]

/**
 * One searchable document: derived from its row by the search index (app/domain/search),
 * never edited by hand and never archived. SQLite matches it through the FTS5 table
 * `search_index_fts` that triggers keep in step; PostgreSQL through a GIN index on its words.
 */
export interface SearchIndexTable {
  subject: SearchableTable
  subject_id: string
  title: string
  /** Plain text, without markup. */
  body: string
  status: PublishStatus
  /** From when a published document is shown: a post's or page's publication time, else when it was created. */
  visible_from: RequiredTimestamp
  /** Where the result links to. */
  url: string
  /** The date a result shows: a post's or page's publication, an event's start; none for a policy. */
  shown_at: NullableTimestamp
}
