import { Search } from 'lucide-react'
import { Form, Link } from 'react-router'
import { SEARCH_LIMITS } from '#app/domain/search/search.ts'
import { cn } from '#app/lib/utils.ts'

/**
 * The header's search box: a plain GET form to `/search`, so it works before
 * the page's script has loaded. From md up a labelled box and a button; on a
 * narrow screen only an icon link to /search, whose own box is at the top.
 */
export function SiteSearchForm({ className }: { className?: string }) {
  return (
    <div className={className}>
      <Form method="get" action="/search" role="search" className="hidden items-center gap-1 md:flex">
        <label htmlFor="site-search-q" className="sr-only">
          Search the site
        </label>
        <input
          id="site-search-q"
          name="q"
          type="search"
          maxLength={SEARCH_LIMITS.queryLength}
          placeholder="Search"
          className={cn('h-9 w-28 rounded-md border border-input bg-background px-2 text-sm text-foreground placeholder:text-muted-foreground lg:w-44', 'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden')}
        />
        <button type="submit" className="inline-flex size-9 items-center justify-center rounded-md hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden" aria-label="Search">
          <Search aria-hidden className="size-4" />
        </button>
      </Form>
      <Link to="/search" className="inline-flex size-11 items-center justify-center rounded-md hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden md:hidden" aria-label="Search the site">
        <Search aria-hidden className="size-5" />
      </Link>
    </div>
  )
}
