import type { PublishStatus } from '#db/tables/content.ts'

export interface SchoolEvent {
  id: string
  status: PublishStatus
  title: string
  description: string | null
  startDate: string
  endDate: string | null
  imageUrl: string | null
}

/** The id of an event's card on the calendar page, so other pages can link to it. */
export function eventAnchorId(id: string): string {
  return `event-${id}`
}

/** An event's place on the public calendar page. */
export function calendarEventPath(id: string): string {
  return `/calendar#${eventAnchorId(id)}`
}
