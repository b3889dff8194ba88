import { CalendarDays } from 'lucide-react'
import { AdminListPage, ItemActions, type ItemControls } from '#app/components/admin/admin-list-page.tsx'
import { EventCalendarLinkCard } from '#app/components/admin/event-calendar-link-card.tsx'
import { EventDialog } from '#app/components/admin/event-dialog.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { createEvent, deleteEvent, listEventsForAdmin, updateEvent } from '#app/domain/event/event-admin.server.ts'
import { EVENT_MESSAGES, eventActionSchema } from '#app/domain/event/event.schema.ts'
import type { SchoolEvent } from '#app/domain/event/event.ts'
import { getSectionContent, updateSectionContentByKey } from '#app/domain/section/section.server.ts'
import { parseForm, refused, succeeded } from '#app/lib/action.server.ts'
import { formatEventWhen } from '#app/lib/format.ts'
import { requireStaff } from '#app/lib/permissions.server.ts'
import { chosenFile } from '#app/lib/uploads/upload-rules.ts'
import { checkImageUpload } from '#app/lib/uploads/uploads.server.ts'
import { useSite } from '#app/lib/use-site.ts'
import type { Route } from './+types/events.ts'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const [events, calendar] = await Promise.all([listEventsForAdmin(), getSectionContent('calendar.google')])
  return { events, calendarUrl: calendar?.url ?? '' }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  const parsed = await parseForm(eventActionSchema, request, Object.fromEntries)
  if (!parsed.ok) return parsed.response
  const submission = parsed.data
  switch (submission.intent) {
    case 'create':
    case 'update': {
      const file = chosenFile(submission.imageFile)
      const image = file ? await checkImageUpload(file) : null
      if (image && !image.ok) return refused(image.error, 400, { imageFile: image.error })
      const input = { ...submission, imageBytes: image?.value ?? null }
      const result = submission.intent === 'create' ? await createEvent(input) : await updateEvent(submission.id, input)
      if (!result.ok) return refused(result.error, result.status, result.field ? { [result.field]: result.error } : {})
      return succeeded(submission.intent === 'create' ? EVENT_MESSAGES.created : EVENT_MESSAGES.updated)
    }
    case 'delete':
      if (!(await deleteEvent(submission.id))) return refused(EVENT_MESSAGES.notFound, 404)
      return succeeded(EVENT_MESSAGES.deleted)
    case 'save-calendar':
      if (!(await updateSectionContentByKey('calendar.google', { url: submission.url }))) return refused(EVENT_MESSAGES.calendarMissing, 404)
      return succeeded(EVENT_MESSAGES.calendarSaved)
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Events | Admin Panel' }]

export default function EventsAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Events Management"
      description="Events for the public calendar page, newest start date first."
      addLabel="Add Event"
      emptyText="No events yet."
      items={loaderData.events}
      renderItem={(event, controls) => <EventAdminCard event={event} controls={controls} />}
      renderDialog={(event, close) => <EventDialog event={event} onClose={close} />}
    >
      <EventCalendarLinkCard url={loaderData.calendarUrl} />
      <h2 className="mb-4 text-xl font-semibold">Events</h2>
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
