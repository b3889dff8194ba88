import { CalendarDays, MapPin, Repeat } from 'lucide-react'
import { Link } from 'react-router'
import { CategoryBadge } from '#app/components/site/category-badge.tsx'
import { eventAnchorId, eventPagePath } from '#app/domain/event/event.ts'
import type { ListedEventDate } from '#app/domain/event/event-summary.ts'
import { formatEventWhen } from '#app/lib/format.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'

/**
 * An upcoming event (or one date of a repeating one): its date or date
 * range, title linking to its page, category, place and description. The
 * first card of an event carries the anchor other pages link to.
 */
export function EventCard({ event, anchor = true }: { event: ListedEventDate; anchor?: boolean }) {
  const { timeZone } = useSite()
  return (
    // Scrolled to from a link, the card must not land under the sticky header.
    <article id={anchor ? eventAnchorId(event.id) : undefined} className="scroll-mt-28 flex flex-col gap-5 rounded-lg border bg-card p-6 text-card-foreground shadow-sm sm:flex-row">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-primary">
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          <time dateTime={event.startDate}>{formatEventWhen(event.startDate, event.endDate, timeZone)}</time>
          {event.repeats ? (
            <span className="inline-flex items-center gap-1 text-muted-foreground">
              <Repeat aria-hidden className="size-3.5" />
              Repeats
            </span>
          ) : null}
        </p>
        <h3 className="mt-2 text-xl font-semibold leading-snug">
          <Link to={eventPagePath(event.slug)} className="underline-offset-4 hover:underline">
            {event.title}
          </Link>
        </h3>
        {event.category || event.location ? (
          <p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            {event.category ? <CategoryBadge category={event.category} /> : null}
            {event.location ? (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden className="size-4" />
                {event.location}
              </span>
            ) : null}
          </p>
        ) : null}
        {event.description ? <p className="mt-2 whitespace-pre-line text-muted-foreground">{event.description}</p> : null}
      </div>
      {event.imageUrl ? (
        <img
          src={event.imageUrl}
          srcSet={imageSrcSet(event.imageUrl)}
          sizes="(min-width: 768px) 640px, 100vw"
          alt=""
          loading="lazy"
          decoding="async"
          className="aspect-video w-full rounded-md object-cover sm:w-48 sm:shrink-0"
        />
      ) : null}
    </article>
  )
}
