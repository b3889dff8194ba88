import { Link } from 'react-router'
import { SEARCH_LIMITS, SEARCH_MESSAGES, SEARCH_TYPE_LABELS, type SearchResult, type SearchResults, type SnippetPart } from '#app/domain/search/search.ts'
import { formatDate } from '#app/lib/format.ts'
import { useSite } from '#app/components/hooks/use-site.ts'

/** A snippet as text with its matches in `<mark>`: React escapes every part, nothing is read as HTML. */
export function Snippet({ parts }: { parts: SnippetPart[] }) {
  return <>{parts.map((part, index) => (part.highlighted ? <mark key={index} className="rounded-sm bg-primary/15 px-0.5 text-foreground">{part.text}</mark> : <span key={index}>{part.text}</span>))}</>
}

function ResultItem({ result }: { result: SearchResult }) {
  const { timeZone } = useSite()
  return (
    <li className="border-b py-5 last:border-b-0">
      <p className="text-xs font-semibold tracking-wide text-primary uppercase">{SEARCH_TYPE_LABELS[result.type]}</p>
      <h2 className="mt-1 text-xl font-semibold leading-snug">
        <Link to={result.url} className="underline-offset-4 hover:underline">
          {result.title}
        </Link>
      </h2>
      {result.date ? (
        <p className="mt-1 text-sm text-muted-foreground">
          <time dateTime={result.date}>{formatDate(result.date, timeZone)}</time>
        </p>
      ) : null}
      {result.snippet.length ? (
        <p className="mt-2 text-muted-foreground">
          <Snippet parts={result.snippet} />
        </p>
      ) : null}
    </li>
  )
}

const pageLink = (query: string, page: number) => `/search?${new URLSearchParams({ q: query, ...(page > 1 ? { page: String(page) } : {}) }).toString()}`

/** The result list of /search with its count, its empty and no-match states and Previous/Next links. */
export function SearchResultList({ search }: { search: SearchResults }) {
  if (!search.query) return <p className="text-lg text-muted-foreground">{SEARCH_MESSAGES.empty}</p>
  if (!search.total) return <p className="text-lg text-muted-foreground">{SEARCH_MESSAGES.noMatch(search.query)}</p>
  const first = (search.page - 1) * SEARCH_LIMITS.perPage + 1
  return (
    <section aria-labelledby="search-results-heading">
      <h2 id="search-results-heading" className="text-lg font-semibold">
        {SEARCH_MESSAGES.count(search.total, search.more)} for “{search.query}”
        {search.pageCount > 1 ? <span className="font-normal text-muted-foreground"> (page {search.page} of {search.pageCount})</span> : null}
      </h2>
      {search.results.length ? (
        <ol className="mt-2" start={first}>
          {search.results.map((result) => (
            <ResultItem key={`${result.type}:${result.id}`} result={result} />
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-muted-foreground">This page has no results.</p>
      )}
      {search.pageCount > 1 ? (
        <nav aria-label="Result pages" className="mt-6 flex justify-between gap-4">
          {search.page > 1 ? (
            <Link to={pageLink(search.query, Math.min(search.page - 1, search.pageCount))} rel="prev" className="font-medium text-primary underline-offset-4 hover:underline">
              ← Previous
            </Link>
          ) : (
            <span />
          )}
          {search.page < search.pageCount ? (
            <Link to={pageLink(search.query, search.page + 1)} rel="next" className="font-medium text-primary underline-offset-4 hover:underline">
              Next →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}
