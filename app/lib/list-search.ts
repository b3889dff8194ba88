/** The search box of the back office's lists (`?q=`); see docs/product-rules.md#site-search. */
export const LIST_SEARCH_MAX_LENGTH = 100

/** A list's `?q=` as searched: trimmed and cut to the limit; '' when there is none. */
export function listSearchText(url: string | URL): string {
  return (new URL(url).searchParams.get('q') ?? '').trim().slice(0, LIST_SEARCH_MAX_LENGTH)
}

/** What a list says when nothing matches its search: `No posts match "x".` */
export function listNoMatchText(things: string, query: string): string {
  return `No ${things} match "${query}".`
}
