import type { ReactNode } from 'react'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { GALLERY_GRID_CLASS } from './gallery-grid.tsx'

interface ListSkeleton {
  /** How many placeholders: gallery 6, blogs 6, policies 4, calendar 5 (docs/product-rules.md#public-pages). */
  count: number
  /** Controls the page shows above its list, so the list does not jump when the page arrives. */
  above?: ReactNode
  listClassName: string
  item: ReactNode
}

const cardClassName = 'overflow-hidden rounded-lg border bg-card'

const PAGE_SKELETONS: Record<string, ListSkeleton> = {
  '/gallery': {
    count: 6,
    above: (
      <div className="mb-8 flex justify-center gap-2">
        <Skeleton className="h-9 w-16" />
        <Skeleton className="h-9 w-24" />
        <Skeleton className="h-9 w-24" />
      </div>
    ),
    listClassName: GALLERY_GRID_CLASS,
    item: <Skeleton className="aspect-[4/3] w-full rounded-lg" />,
  },
  '/blogs': {
    count: 6,
    listClassName: 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3',
    item: (
      <div className={cardClassName}>
        <Skeleton className="aspect-video w-full rounded-none" />
        <div className="space-y-3 p-6">
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      </div>
    ),
  },
  '/policies': {
    count: 4,
    listClassName: 'grid gap-6 md:grid-cols-2',
    item: (
      <div className={`${cardClassName} space-y-3 p-6`}>
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-9 w-36" />
      </div>
    ),
  },
  '/calendar': {
    count: 5,
    listClassName: 'mx-auto max-w-4xl space-y-4',
    item: (
      <div className={`${cardClassName} flex gap-4 p-6`}>
        <Skeleton className="size-16 shrink-0" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-full" />
        </div>
      </div>
    ),
  },
}

/**
 * Placeholders shaped like the page being loaded (banner plus its list),
 * shown during client-side navigation; null for pages without a list.
 */
export function PageSkeleton({ pathname }: { pathname: string }) {
  const page = PAGE_SKELETONS[pathname.replace(/\/+$/, '')]
  if (!page) return null
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Loading…
      </p>
      <div aria-hidden className="bg-primary/5 px-4 py-12 md:py-16">
        <Skeleton className="mx-auto h-9 w-48 md:h-12 md:w-64" />
      </div>
      <div aria-hidden className="mx-auto max-w-6xl px-4 py-12">
        {page.above}
        <ul className={page.listClassName}>
          {Array.from({ length: page.count }, (_, index) => (
            <li key={index} data-testid="skeleton-item">
              {page.item}
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
