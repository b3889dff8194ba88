import { CATEGORY_BADGE_CLASSES, type EventCategory } from '#app/domain/event/event-category.ts'
import { cn } from '#app/lib/utils.ts'

/** An event's category in its colour (dark text on a light tint: readable in every theme). */
export function CategoryBadge({ category, className }: { category: Pick<EventCategory, 'name' | 'colour'>; className?: string }) {
  return (
    <span className={cn('inline-flex w-fit items-center rounded-md border px-2 py-0.5 text-xs font-medium', CATEGORY_BADGE_CLASSES[category.colour], className)}>
      {category.name}
    </span>
  )
}
