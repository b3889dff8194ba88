import { z } from 'zod'
import { LIST_SEARCH_MAX_LENGTH } from './list-search.ts'
import { rowId } from './schema-helpers.ts'

/**
 * Rows on one page of a back-office list (docs/product-rules.md#admin-lists):
 * 25 cards make a page a phone can scroll and a desk screen can scan; the
 * delivery log and the subscriber table keep 50 short table rows.
 */
export const LIST_PAGE_SIZE = 25

/**
 * Images on one page of a grid of photos (the gallery, admin and public, and
 * the media library): 48 fills whole rows at 1, 2, 3 and 4 columns, so no page
 * ends on a ragged row, and is about as many thumbnails as a page loads lazily
 * at ease.
 */
export const GRID_PAGE_SIZE = 48

/** Where a paged list stands: the page shown (never past the last), how many pages and matching rows. */
export interface ListPageInfo {
  page: number
  pageCount: number
  total: number
  pageSize: number
}

/** A list's `?page=`, `?q=` and filter as read from its address. */
export interface ListParams<Filter extends string> {
  page: number
  search: string
  filter: Filter
}

const pageParam = z.coerce.number().int().min(1).max(1_000_000).catch(1)
const searchParam = z
  .string()
  .catch('')
  .transform((text) => text.trim().slice(0, LIST_SEARCH_MAX_LENGTH))

/** A second page number in a screen's address (the admin gallery's page of folders), or undefined when there is none. */
export function readPageParam(url: string | URL, name: string): number | undefined {
  const value = new URL(url).searchParams.get(name)
  return value === null ? undefined : pageParam.parse(value)
}

/**
 * The list's parameters; anything unreadable (a page of 'x' or -3, a filter
 * the list does not have) falls back to page 1 and the list's default filter,
 * so a hand-edited address shows a list, never an error.
 */
export function readListParams<const Filter extends string>(
  url: string | URL,
  filter?: { name?: string; values: readonly [Filter, ...Filter[]]; fallback: Filter },
): ListParams<Filter> {
  const params = new URL(url).searchParams
  return {
    page: pageParam.parse(params.get('page') ?? undefined),
    search: searchParam.parse(params.get('q') ?? ''),
    filter: (filter ? z.enum(filter.values).catch(filter.fallback).parse(params.get(filter.name ?? 'show') ?? undefined) : undefined) as Filter,
  }
}

export const BULK_MESSAGES = {
  noneSelected: 'Select at least one item first',
  tooMany: `Select at most ${LIST_PAGE_SIZE} items at a time`,
  gone: 'Some of the selected items no longer exist. Reload the page and try again.',
} as const

/**
 * The ids a bulk action posts (one `ids` field per selected row): at least
 * one, at most a page of them, each said once.
 */
export const bulkIds = z
  .array(rowId, { error: BULK_MESSAGES.noneSelected })
  .min(1, BULK_MESSAGES.noneSelected)
  .max(LIST_PAGE_SIZE, BULK_MESSAGES.tooMany)
  .transform((ids) => [...new Set(ids)])

export { countOf } from './format.ts'
