import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { useListHref } from '#app/components/hooks/use-list-href.ts'
import { countOf, type ListPageInfo } from '#app/lib/list-params.ts'

/**
 * The pages of a back-office list: where it stands ('151 messages, page 2 of
 * 7') and Previous/Next links that keep its search and filter.
 */
export function ListPager({ pages, thing, things = `${thing}s` }: { pages: ListPageInfo; thing: string; things?: string }) {
  const href = useListHref()
  const { page, pageCount, total } = pages
  return (
    <nav aria-label={`Pages of ${things}`} className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">
        {countOf(total, thing, things)}, page {page} of {pageCount}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link to={href({ page: page - 1 })} rel="prev">
              <ChevronLeft aria-hidden />
              Previous
            </Link>
          </Button>
        ) : null}
        {page < pageCount ? (
          <Button asChild variant="outline" size="sm">
            <Link to={href({ page: page + 1 })} rel="next">
              Next
              <ChevronRight aria-hidden />
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  )
}
