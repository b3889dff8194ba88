import { feedResponse } from '#app/services/feeds/feed-response.ts'
import { calendarFeedInput } from '#app/services/feeds/feed-sources.server.ts'
import { buildICalendar } from '#app/services/feeds/icalendar.ts'

export async function loader() {
  return feedResponse(buildICalendar(await calendarFeedInput(new Date())), 'text/calendar; charset=utf-8', {
    'Content-Disposition': 'inline; filename="calendar.ics"',
  })
}
