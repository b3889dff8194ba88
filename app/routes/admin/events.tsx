import { CalendarDays } from 'lucide-react'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { AdminListPage, ItemActions, type ItemControls } from '#app/components/admin/admin-list-page.tsx'
import { EventCalendarLinkCard } from '#app/components/admin/event-calendar-link-card.tsx'
import { EventDialog } from '#app/components/admin/event-dialog.tsx'
import { EventCategoriesCard } from '#app/components/admin/event-categories-card.tsx'
import { listEventCategories } from '#app/domain/event/event-category.server.ts'
import { hasRole } from '#app/domain/user/access.ts'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { saveCalendarLink } from '#app/domain/event/calendar-link.server.ts'
import { createEvent, deleteEvent, listEventsForAdmin, updateEvent } from '#app/domain/event/event-admin.server.ts'
import { EVENT_MESSAGES, eventActionSchema } from '#app/domain/event/event.schema.ts'
import type { SchoolEvent } from '#app/domain/event/event.ts'
import { getSectionContent } from '#app/domain/section/section.server.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { formatEventWhen } from '#app/lib/format.ts'
import { listNoMatchText, listSearchText } from '#app/lib/list-search.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import type { Route } from './+types/events.ts'
import { PublicationBadge } from '#app/components/admin/publication-badge.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, 'editor')
  const search = listSearchText(request.url)
  const [events, calendar] = await Promise.all([listEventsForAdmin({ search }), getSectionContent('calendar.google')])
  const categories = await listEventCategories()
  return { events, calendarUrl: calendar?.url ?? '', search, categories, canManageCategories: hasRole(staff.role, 'admin') }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  return answerAction(async () => {
    const submission = await validatedForm(eventActionSchema, request, Object.fromEntries)
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
  return (
    <AdminListPage
      title="Events Management"
      description="Events for the public calendar page, newest start date first."
      addLabel="Add Event"
      emptyText={loaderData.search ? listNoMatchText('events', loaderData.search) : 'No events yet.'}
      items={loaderData.events}
      renderItem={(event, controls) => <EventAdminCard event={event} controls={controls} />}
      renderDialog={(event, close) => <EventDialog event={event} categories={loaderData.categories} onClose={close} />}
    >
      <EventCalendarLinkCard url={loaderData.calendarUrl} />
      <EventCategoriesCard categories={loaderData.categories} canManage={loaderData.canManageCategories} />
      <h2 className="mb-4 text-xl font-semibold">Events</h2>
      <AdminListSearch label="Search events by title" query={loaderData.search} />
    </AdminListPage>
  )
}

function EventAdminCard({ event, controls }: { event: SchoolEvent; controls: ItemControls }) {
  const { timeZone } = useSite()
  return (
    <Card className="h-full">
      <CardContent className="flex h-full gap-4">
        {event.imageUrl ? <img src={event.imageUrl} alt="" loading="lazy" className="h-20 w-28 shrink-0 rounded-md border object-cover" /> : null}
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
