import { Star } from 'lucide-react'
import { cn } from '#app/lib/utils.ts'

const MAX_RATING = 5

/** Read-only stars; assistive technology hears 'Rated 4 out of 5'. */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.min(MAX_RATING, Math.max(0, Math.round(rating)))
  return (
    <div role="img" aria-label={`Rated ${filled} out of ${MAX_RATING}`} className={cn('flex gap-0.5', className)}>
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <Star
          key={index}
          aria-hidden
          className={cn('size-5', index < filled ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/50')}
        />
      ))}
    </div>
  )
}
