import { utcToZonedTime } from '#app/lib/zoned-time.ts'
import type { PublishStatus } from '#db/tables/content.ts'
import type { EventCategory } from './event-category.ts'

export interface SchoolEvent {
  id: string
  status: PublishStatus
  slug: string
  title: string
  description: string | null
  /** The start (for a repeating event, of this occurrence). For an all-day event: midnight of its first day on the school's clocks. */
  startDate: string
  /** The end or null; for an all-day event: midnight of its last day (inclusive) on the school's clocks. */
  endDate: string | null
  imageUrl: string | null
  allDay: boolean
  location: string | null
  mapUrl: string | null
  category: EventCategory | null
  /** An RRULE value (recurrence.ts), or null for a single event. */
  recurrence: string | null
  /** 'YYYY-MM-DD' dates on the school's clocks a repeating event skips. */
  exceptions: string[]
}

/** The id of an event's card on the calendar page, so other pages can link to it. */
export function eventAnchorId(id: string): string {
  return `event-${id}`
}

/** An event's place on the public calendar page. */
export function calendarEventPath(id: string): string {
  return `/calendar#${eventAnchorId(id)}`
}

/** An event's own page. */
export function eventPagePath(slug: string): string {
  return `/calendar/${encodeURIComponent(slug)}`
}

/** The .ics of one event, for 'Add to calendar'. */
export function eventIcsPath(slug: string): string {
  return `${eventPagePath(slug)}.ics`
}

const isMidnight = (iso: string, timeZone: string) => utcToZonedTime(iso, timeZone).endsWith('T00:00')

/**
 * Whether the event is shown as dates rather than times: marked all-day, or
 * (as events were entered before the switch existed) starting at midnight on
 * the school's clocks with no end or an end at midnight too.
 */
export function isAllDayEvent(event: Pick<SchoolEvent, 'allDay' | 'startDate' | 'endDate'>, timeZone: string): boolean {
  return event.allDay || (isMidnight(event.startDate, timeZone) && (!event.endDate || isMidnight(event.endDate, timeZone)))
}
