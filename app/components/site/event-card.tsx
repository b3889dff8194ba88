import { CalendarDays } from 'lucide-react'
import { eventAnchorId, type SchoolEvent } from '#app/domain/event/event.ts'
import { formatEventWhen } from '#app/lib/format.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'

/** An upcoming event: its date or date range, title and description; its id is the anchor other pages link to. */
export function EventCard({ event }: { event: SchoolEvent }) {
  const { timeZone } = useSite()
  return (
    // Scrolled to from a link, the card must not land under the sticky header.
    <article id={eventAnchorId(event.id)} className="scroll-mt-28 flex flex-col gap-5 rounded-lg border bg-card p-6 text-card-foreground shadow-sm sm:flex-row">
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-sm font-medium text-primary">
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          <time dateTime={event.startDate}>{formatEventWhen(event.startDate, event.endDate, timeZone)}</time>
        </p>
        <h3 className="mt-2 text-xl font-semibold leading-snug">{event.title}</h3>
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
