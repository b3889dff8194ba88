/** The admin events list's `?show=`: upcoming (not yet ended) first by default (docs/product-rules.md#events-and-calendar). */
export const EVENT_LIST_FILTER = { values: ['upcoming', 'past', 'all'], fallback: 'upcoming' } as const
export type EventListFilter = (typeof EVENT_LIST_FILTER.values)[number]

export const EVENT_LIST_MESSAGES = {
  deletedMany: (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'event' : 'events'} deleted`,
  noneUpcoming: 'No upcoming events',
  nonePast: 'No past events',
} as const
