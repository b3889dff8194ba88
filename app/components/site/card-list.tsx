import type { ReactNode } from 'react'

/** A public list with its empty state ('No blog posts yet.' and the like: docs/product-rules.md#public-pages). */
function EmptyState({ children }: { children: ReactNode }) {
  return <p className="py-16 text-center text-lg text-muted-foreground">{children}</p>
}

/** A public list of cards, or its empty-state sentence when there is nothing to show. */
export function CardList<T extends { id: string }>({
  items,
  empty,
  className,
  ordered = false,
  renderCard,
}: {
  items: readonly T[]
  empty: string
  className: string
  /** A list whose order means something (events by date) is an <ol>. */
  ordered?: boolean
  renderCard: (item: T, index: number) => ReactNode
}) {
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>
  const List = ordered ? 'ol' : 'ul'
  return (
    <List className={className}>
      {items.map((item, index) => (
        <li key={item.id}>{renderCard(item, index)}</li>
      ))}
    </List>
  )
}
