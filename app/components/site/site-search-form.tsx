import { Search } from 'lucide-react'
import { Form } from 'react-router'

/** The header's search box: a plain GET form to `/search`, so it works before the page's script has loaded. */
export function SiteSearchForm({ className }: { className?: string }) {
  return (
    <Form method="get" action="/search" role="search" className={className}>
      <label htmlFor="site-search-q" className="sr-only">
        Search the site
      </label>
      <div className="flex items-center gap-1">
        <input id="site-search-q" name="q" type="search" className="w-36 rounded-md border bg-background px-2 py-1 text-sm" />
        <button type="submit" className="rounded-md p-2 hover:bg-muted" aria-label="Search">
          <Search aria-hidden className="size-4" />
        </button>
      </div>
    </Form>
  )
}
