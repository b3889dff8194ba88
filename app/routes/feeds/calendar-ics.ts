import { getEventCategoryBySlug } from '#app/domain/event/event-category.server.ts'
import { feedResponse } from '#app/services/feeds/feed-response.ts'
import { calendarFeedInput } from '#app/services/feeds/feed-sources.server.ts'
import { buildICalendar } from '#app/services/feeds/icalendar.ts'
import type { Route } from './+types/calendar-ics.ts'

/** The whole calendar, or one category's with `?category={slug}` (docs/product-rules.md#feeds-and-search-engines). */
export async function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).searchParams.get('category')
  const category = slug ? await getEventCategoryBySlug(slug) : null
  if (slug && !category) throw new Response('No such category', { status: 404 })
  const filename = category ? `calendar-${category.slug}.ics` : 'calendar.ics'
  return feedResponse(buildICalendar(await calendarFeedInput(new Date(), category ?? undefined)), 'text/calendar; charset=utf-8', {
    'Content-Disposition': `inline; filename="${filename}"`,
  })
}
