import { Star } from 'lucide-react'
import { useId } from 'react'
import { cn } from '#app/lib/utils.ts'

const MAX_RATING = 5
/** A star's box and the gap after it, in the star's own units (its 24 × 24 box; 0.125rem at size-5). */
const STAR = 24
const GAP = 2.4

/**
 * Read-only stars; assistive technology hears 'Rated 4 out of 5'. One
 * drawing of the star, used five times: a testimonial's five whole icons
 * were 3.6 KB of markup, and a list of them repeats it on every row.
 */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.min(MAX_RATING, Math.max(0, Math.round(rating)))
  const star = useId()
  const width = MAX_RATING * STAR + (MAX_RATING - 1) * GAP
  return (
    <div role="img" aria-label={`Rated ${filled} out of ${MAX_RATING}`} className={cn('flex', className)}>
      <svg aria-hidden viewBox={`0 0 ${width} ${STAR}`} className="h-5 w-auto overflow-visible" style={{ aspectRatio: `${width} / ${STAR}` }}>
        <defs>
          <Star id={star} fill="inherit" />
        </defs>
        {Array.from({ length: MAX_RATING }, (_, index) => (
          <use
            key={index}
            href={`#${star}`}
            x={Math.round(index * (STAR + GAP) * 10) / 10}
            className={index < filled ? 'fill-amber-400 text-amber-500' : 'fill-none text-muted-foreground/50'}
          />
        ))}
      </svg>
    </div>
  )
}
