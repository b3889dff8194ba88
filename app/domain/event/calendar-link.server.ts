import type { SectionContent } from '#app/domain/section/section.schema.ts'
import { updateSectionContentByKey } from '#app/domain/section/section.server.ts'
import { DomainError, isDomainError } from '#app/lib/errors/domain-error.ts'
import { EVENT_MESSAGES } from './event.schema.ts'

type CalendarLink = SectionContent['calendar.google']

/**
 * Stores the embed address of the calendar the public calendar page frames
 * (the content of the section calendar.google, edited on the Events page);
 * an empty address removes the calendar.
 */
export async function saveCalendarLink(link: CalendarLink): Promise<CalendarLink> {
  const content: CalendarLink = { url: link.url }
  try {
    await updateSectionContentByKey('calendar.google', content)
  } catch (error) {
    // The Events page names the missing calendar section in its own words.
    if (isDomainError(error) && error.code === 'not_found') throw DomainError.notFound(EVENT_MESSAGES.calendarMissing)
    throw error
  }
  return content
}
