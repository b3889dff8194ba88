import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { useListHref } from '#app/components/hooks/use-list-href.ts'
import { countOf } from '#app/lib/format.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'

/**
 * The pages of a list: where it stands ('151 messages, page 2 of 7') and
 * Previous/Next links that keep its search and filter; or, for a list paged
 * inside a dialog rather than in the address (`onPage`), buttons.
 */
export function ListPager({
  pages,
  thing,
  things = `${thing}s`,
  param = 'page',
  onPage,
  busy = false,
}: {
  pages: ListPageInfo
  thing: string
  things?: string
  /** The address's parameter for the page, when a screen pages two lists. */
  param?: string
  onPage?: (page: number) => void
  busy?: boolean
}) {
  const href = useListHref()
  const { page, pageCount, total } = pages
  const to = (target: number, rel: 'prev' | 'next', children: ReactNode) =>
    onPage ? (
      <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => onPage(target)}>
        {children}
      </Button>
    ) : (
      <Button asChild variant="outline" size="sm">
        <Link to={href({ [param]: target })} rel={rel}>
          {children}
        </Link>
      </Button>
    )
  return (
    <nav aria-label={`Pages of ${things}`} className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">
        {countOf(total, thing, things)}, page {page} of {pageCount}
      </p>
      <div className="flex gap-2">
        {page > 1
          ? to(
              page - 1,
              'prev',
              <>
                <ChevronLeft aria-hidden />
                Previous
              </>,
            )
          : null}
        {page < pageCount
          ? to(
              page + 1,
              'next',
              <>
                Next
                <ChevronRight aria-hidden />
              </>,
            )
          : null}
      </div>
    </nav>
  )
}
