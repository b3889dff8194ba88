import type { SchoolEvent } from './event.ts'

/*
 * What the public pages send the browser of an event's date: only what they show. A series' rule,
 * skipped dates, map address and status stay on the server. Equal strings are written once in the
 * loader data, but every field of every date is written again: a month of daily clubs is hundreds
 * of dates (docs/product-rules.md#events-and-calendar).
 */

/** When a date is and what it is called: what every list of dates shows. */
type EventDate = Pick<SchoolEvent, 'title' | 'startDate' | 'endDate'>

/** A date on the home page's Upcoming Events: its title links to the event's card on the calendar (`#event-{id}`). */
export type UpcomingEventDate = EventDate & Pick<SchoolEvent, 'id'>

/** A date in the month view: its title links to the event's page, with the category; the address, unique to the event, also keys it. */
export type MonthEventDate = EventDate & Pick<SchoolEvent, 'slug' | 'category'>

/** A card of the calendar list (and its schema.org Event): also the anchor, place, description, image and whether it repeats. */
export type ListedEventDate = MonthEventDate & Pick<SchoolEvent, 'id' | 'location' | 'description' | 'imageUrl'> & { repeats: boolean }

const eventDate = ({ title, startDate, endDate }: SchoolEvent): EventDate => ({ title, startDate, endDate })

export function upcomingEventDate(event: SchoolEvent): UpcomingEventDate {
  return { ...eventDate(event), id: event.id }
}

export function monthEventDate(event: SchoolEvent): MonthEventDate {
  // The category is the series' own object: written once in the loader data however many dates share it.
  return { ...eventDate(event), slug: event.slug, category: event.category }
}

export function listedEventDate(event: SchoolEvent): ListedEventDate {
  return { ...monthEventDate(event), id: event.id, location: event.location, description: event.description, imageUrl: event.imageUrl, repeats: event.recurrence !== null }
}
