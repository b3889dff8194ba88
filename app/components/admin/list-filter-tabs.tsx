import { Link } from 'react-router'
import { useListHref } from '#app/components/hooks/use-list-href.ts'
import type { PublicationState } from '#app/domain/publishing/publication.ts'
import { cn } from '#app/lib/utils.ts'

export interface ListFilterChoice<Filter extends string> {
  value: Filter
  label: string
  /** How many rows this choice shows; left out where counting costs more than it tells. */
  count?: number
  /** Drawn as a warning while it has rows (failed deliveries). */
  alarming?: boolean
}

/**
 * The filters of a back-office list, as links (they are addresses: a filter
 * can be bookmarked or shared); the one shown is marked aria-current, and
 * choosing one goes back to the first page, keeping the search.
 */
export function ListFilterTabs<Filter extends string>({
  label,
  param = 'show',
  choices,
  current,
  fallback,
}: {
  /** Names the navigation for screen readers: 'Show messages'. */
  label: string
  param?: string
  choices: readonly ListFilterChoice<Filter>[]
  current: Filter
  /** The choice the plain address shows: its link leaves the parameter out. */
  fallback: Filter
}) {
  const href = useListHref()
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => {
          const selected = choice.value === current
          return (
            <li key={choice.value}>
              <Link
                to={href({ [param]: choice.value === fallback ? null : choice.value, page: null })}
                aria-current={selected ? 'page' : undefined}
                className={cn(
                  'inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-muted',
                  selected && 'border-primary bg-primary text-primary-foreground hover:bg-primary/90',
                  choice.alarming && choice.count && !selected && 'border-destructive text-destructive',
                )}
              >
                {choice.label}
                {choice.count === undefined ? null : <span className="tabular-nums">{choice.count.toLocaleString('en')}</span>}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** The filters of a list of publishable things (pages, posts): All, then each publication state, with their counts. */
export function publicationFilterChoices(counts: Readonly<Record<'all' | PublicationState, number>>): ListFilterChoice<'all' | PublicationState>[] {
  return [
    { value: 'all', label: 'All', count: counts.all },
    { value: 'published', label: 'Published', count: counts.published },
    { value: 'scheduled', label: 'Scheduled', count: counts.scheduled },
    { value: 'draft', label: 'Draft', count: counts.draft },
  ]
}
