import { CalendarDays, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { z } from 'zod'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { AdminListPage, ItemActions, type ItemControls } from '#app/components/admin/admin-list-page.tsx'
import { EventCalendarLinkCard } from '#app/components/admin/event-calendar-link-card.tsx'
import { EventDialog } from '#app/components/admin/event-dialog.tsx'
import { EventCategoriesCard } from '#app/components/admin/event-categories-card.tsx'
import { listEventCategories } from '#app/domain/event/event-category.server.ts'
import { hasRole } from '#app/domain/user/access.ts'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { saveCalendarLink } from '#app/domain/event/calendar-link.server.ts'
import { createEvent, deleteEvent, updateEvent } from '#app/domain/event/event-admin.server.ts'
import { deleteEvents, listEventsForAdminPage } from '#app/domain/event/event-admin-list.server.ts'
import { EVENT_LIST_FILTER, EVENT_LIST_MESSAGES } from '#app/domain/event/event-admin-list.ts'
import { BulkToolbar, SelectRow, useBulkSelection } from '#app/components/admin/bulk-selection.tsx'
import { ListFilterTabs } from '#app/components/admin/list-filter-tabs.tsx'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { bulkFormFields } from '#app/lib/list-page.server.ts'
import { bulkIds, readListParams } from '#app/lib/list-params.ts'
import { EVENT_MESSAGES, eventActionSchema } from '#app/domain/event/event.schema.ts'
import type { SchoolEvent } from '#app/domain/event/event.ts'
import { getSectionContent } from '#app/domain/section/section.server.ts'
import { answerAction, postedForm, validated } from '#app/lib/action.server.ts'
import { formatEventWhen } from '#app/lib/format.ts'
import { listNoMatchText } from '#app/lib/list-search.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import type { Route } from './+types/events.ts'
import { PublicationBadge } from '#app/components/admin/publication-badge.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, 'editor')
  const { search, filter, page } = readListParams(request.url, EVENT_LIST_FILTER)
  const [list, calendar, categories] = await Promise.all([listEventsForAdminPage({ search, filter, page }), getSectionContent('calendar.google'), listEventCategories()])
  return { ...list, calendarUrl: calendar?.url ?? '', search, filter, categories, canManageCategories: hasRole(staff.role, 'admin') }
}

const bulkDeleteSchema = z.object({ intent: z.literal('delete-selected'), ids: bulkIds })

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  return answerAction(async () => {
    const form = await postedForm(request)
    if (form.get('intent') === 'delete-selected') {
      const { ids } = validated(bulkDeleteSchema, bulkFormFields(form))
      return EVENT_LIST_MESSAGES.deletedMany(await deleteEvents(ids))
    }
    const submission = validated(eventActionSchema, Object.fromEntries(form))
    switch (submission.intent) {
      case 'create':
        await createEvent(submission)
        return EVENT_MESSAGES.created
      case 'update':
        await updateEvent(submission.id, submission)
        return EVENT_MESSAGES.updated
      case 'delete':
        await deleteEvent(submission.id)
        return EVENT_MESSAGES.deleted
      case 'save-calendar':
        await saveCalendarLink({ url: submission.url })
        return EVENT_MESSAGES.calendarSaved
    }
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Events | Admin Panel' }]

export default function EventsAdmin({ loaderData }: Route.ComponentProps) {
  const { events, pages, counts, search, filter } = loaderData
  const selection = useBulkSelection(events.map((event) => event.id))
  return (
    <AdminListPage
      title="Events Management"
      description="Events for the public calendar page: upcoming ones first, soonest at the top."
      addLabel="Add Event"
      emptyText={search ? listNoMatchText('events', search) : filter === 'upcoming' ? EVENT_LIST_MESSAGES.noneUpcoming : filter === 'past' ? EVENT_LIST_MESSAGES.nonePast : 'No events yet.'}
      items={events}
      renderItem={(event, controls) => (
        <EventAdminCard event={event} controls={controls} select={<SelectRow selection={selection} id={event.id} label={`Select ${event.title}`} />} />
      )}
      renderDialog={(event, close) => <EventDialog event={event} categories={loaderData.categories} onClose={close} />}
      aboveItems={<BulkToolbar selection={selection} thing="event" actions={[{ intent: 'delete-selected', label: 'Delete', icon: <Trash2 aria-hidden />, destructive: true }]} />}
      belowItems={<ListPager pages={pages} thing="event" />}
    >
      <EventCalendarLinkCard url={loaderData.calendarUrl} />
      <EventCategoriesCard categories={loaderData.categories} canManage={loaderData.canManageCategories} />
      <h2 className="mb-4 text-xl font-semibold">Events</h2>
      <ListFilterTabs
        label="Show events"
        fallback={EVENT_LIST_FILTER.fallback}
        current={filter}
        choices={[
          { value: 'upcoming', label: 'Upcoming', count: counts.upcoming },
          { value: 'past', label: 'Past', count: counts.past },
          { value: 'all', label: 'All', count: counts.all },
        ]}
      />
      <AdminListSearch label="Search events by title" query={search} />
    </AdminListPage>
  )
}

function EventAdminCard({ event, controls, select }: { event: SchoolEvent; controls: ItemControls; select: ReactNode }) {
  const { timeZone } = useSite()
  return (
    <Card className="h-full">
      <CardContent className="flex h-full gap-4">
        <div className="pt-0.5">{select}</div>
        {event.imageUrl ? <img src={event.imageUrl} alt="" loading="lazy" className="h-16 w-20 shrink-0 rounded-md border object-cover sm:h-20 sm:w-28" /> : null}
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0 space-y-1">
              <h3 className="font-semibold break-words">{event.title}</h3>
              <PublicationBadge item={event} />
              <p className="flex items-center gap-1.5 text-sm text-primary">
                <CalendarDays aria-hidden className="size-4 shrink-0" />
                <time dateTime={event.startDate}>{formatEventWhen(event.startDate, event.endDate, timeZone)}</time>
              </p>
            </div>
            <ItemActions name={event.title} confirmQuestion={EVENT_MESSAGES.confirmDelete} controls={controls} />
          </div>
          {event.description ? <p className="text-sm whitespace-pre-line text-muted-foreground">{event.description}</p> : null}
        </div>
      </CardContent>
    </Card>
  )
}
