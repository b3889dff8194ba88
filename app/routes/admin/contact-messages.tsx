import { CheckCheck, Mail, MailOpen, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { OfficeNotificationsButton } from '#app/components/admin/office-notifications-dialog.tsx'
import { CONTACT_ADMIN_MESSAGES, CONTACT_FILTER, contactMessageActionSchema } from '#app/domain/contact/contact-message.schema.ts'
import { OFFICE_NOTIFICATION_MESSAGES } from '#app/domain/contact/office-notifications.schema.ts'
import { getOfficeAddresses, setOfficeAddresses } from '#app/domain/contact/office-notifications.server.ts'
import { hasRole } from '#app/domain/user/access.ts'
import {
  deleteContactMessage,
  deleteContactMessages,
  listContactMessages,
  markAllContactMessagesRead,
  setContactMessageRead,
  setContactMessagesRead,
  type ContactMessage,
} from '#app/domain/contact/contact-messages.server.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { bulkFormFields } from '#app/lib/list-page.server.ts'
import { readListParams } from '#app/lib/list-params.ts'
import { BulkToolbar, SelectRow, useBulkSelection } from '#app/components/admin/bulk-selection.tsx'
import { ListFilterTabs } from '#app/components/admin/list-filter-tabs.tsx'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { formatDate, formatTime } from '#app/lib/format.ts'
import { listNoMatchText } from '#app/lib/list-search.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { cn } from '#app/lib/utils.ts'
import type { Route } from './+types/contact-messages.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, 'editor')
  const { page, search, filter } = readListParams(request.url, CONTACT_FILTER)
  const isAdmin = hasRole(staff.role, 'admin')
  const [list, officeAddresses] = await Promise.all([listContactMessages({ search, filter, page }), isAdmin ? getOfficeAddresses() : null])
  return { ...list, search, filter, officeAddresses }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, 'editor')
  return answerAction(async () => {
    const submission = await validatedForm(contactMessageActionSchema, request, bulkFormFields)
    switch (submission.intent) {
      case 'office-addresses':
        await setOfficeAddresses(submission.addresses, staff)
        return submission.addresses.length ? OFFICE_NOTIFICATION_MESSAGES.saved : OFFICE_NOTIFICATION_MESSAGES.cleared
      case 'mark':
        await setContactMessageRead(submission.id, submission.read)
        return CONTACT_ADMIN_MESSAGES.statusUpdated
      case 'delete':
        await deleteContactMessage(submission.id)
        return CONTACT_ADMIN_MESSAGES.deleted
      case 'mark-read':
        return CONTACT_ADMIN_MESSAGES.markedRead(await setContactMessagesRead(submission.ids, true))
      case 'mark-unread':
        return CONTACT_ADMIN_MESSAGES.markedUnread(await setContactMessagesRead(submission.ids, false))
      case 'delete-selected':
        return CONTACT_ADMIN_MESSAGES.deletedMany(await deleteContactMessages(submission.ids))
      case 'mark-all-read': {
        const marked = await markAllContactMessagesRead()
        return marked ? CONTACT_ADMIN_MESSAGES.markedRead(marked) : CONTACT_ADMIN_MESSAGES.noneUnread
      }
    }
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Contact Messages | Admin Panel' }]

export default function ContactMessagesAdmin({ loaderData }: Route.ComponentProps) {
  const { messages, pages, counts, unread, search, filter, officeAddresses } = loaderData
  // New messages from the public form appear without a reload: the admin layout follows them for every page.
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  const pendingId = fetcher.state === 'idle' ? null : fetcher.formData?.get('id')
  const selection = useBulkSelection(messages.map((message) => message.id))
  const markingAll = fetcher.state !== 'idle' && fetcher.formData?.get('intent') === 'mark-all-read'

  return (
    <>
      <AdminPageHeader
        title="Contact Messages"
        actions={
          <>
            <Badge variant={unread ? 'default' : 'secondary'} className="self-center">
              {unread} Unread
            </Badge>
            <Button variant="outline" disabled={!unread || markingAll} onClick={() => void fetcher.submit({ intent: 'mark-all-read' }, { method: 'post' })}>
              <CheckCheck aria-hidden />
              Mark all read
            </Button>
            {officeAddresses ? <OfficeNotificationsButton addresses={officeAddresses} /> : null}
          </>
        }
      />
      <ListFilterTabs
        label="Show messages"
        fallback={CONTACT_FILTER.fallback}
        current={filter}
        choices={[
          { value: 'all', label: 'All', count: counts.all },
          { value: 'unread', label: 'Unread', count: counts.unread },
          { value: 'read', label: 'Read', count: counts.read },
        ]}
      />
      <AdminListSearch label="Search messages by name, e-mail or text" query={search} />
      {messages.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">
          {search ? listNoMatchText('messages', search) : filter === 'all' ? CONTACT_ADMIN_MESSAGES.empty : `No ${filter} messages`}
        </p>
      ) : (
        <>
          <BulkToolbar
            selection={selection}
            thing="message"
            actions={[
              { intent: 'mark-read', label: 'Mark read', icon: <MailOpen aria-hidden /> },
              { intent: 'mark-unread', label: 'Mark unread', icon: <Mail aria-hidden /> },
              { intent: 'delete-selected', label: 'Delete', icon: <Trash2 aria-hidden />, destructive: true },
            ]}
          />
          <ul className="space-y-4">
            {messages.map((message) => (
              <li key={message.id}>
                <MessageCard
                  message={message}
                  pending={pendingId === message.id}
                  select={<SelectRow selection={selection} id={message.id} label={`Select the message from ${message.name}`} />}
                  onMark={() => void fetcher.submit({ intent: 'mark', id: message.id, read: String(!message.read) }, { method: 'post' })}
                  onDelete={() => void fetcher.submit({ intent: 'delete', id: message.id }, { method: 'post' })}
                />
              </li>
            ))}
          </ul>
          <ListPager pages={pages} thing="message" />
        </>
      )}
    </>
  )
}

interface MessageCardProps {
  message: ContactMessage
  pending: boolean
  select: ReactNode
  onMark: () => void
  onDelete: () => void
}

function MessageCard({ message, pending, select, onMark, onDelete }: MessageCardProps) {
  const { timeZone } = useSite()
  return (
    <Card className={cn(!message.read && 'border-primary/40 bg-primary/5')}>
      <CardContent className="flex gap-3">
        <div className="pt-0.5">{select}</div>
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 space-y-1">
              <h2 className="flex items-center gap-2 font-semibold">
                {message.name}
                {message.read ? null : <Badge>New</Badge>}
              </h2>
              <a href={`mailto:${message.email}`} className="text-sm break-all text-primary underline-offset-4 hover:underline">
                {message.email}
              </a>
              <p className="text-xs text-muted-foreground">
                <time dateTime={message.createdAt}>
                  {formatDate(message.createdAt, timeZone)}, {formatTime(message.createdAt, timeZone)}
                </time>
              </p>
            </div>
            <div className="flex items-center gap-1">
              <Button variant="outline" size="sm" onClick={onMark} disabled={pending}>
                {message.read ? <Mail aria-hidden /> : <MailOpen aria-hidden />}
                {message.read ? 'Mark Unread' : 'Mark Read'}
              </Button>
              <ConfirmDelete label={`Delete the message from ${message.name}`} question={CONTACT_ADMIN_MESSAGES.confirmDelete} pending={pending} onConfirm={onDelete} />
            </div>
          </div>
          <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{message.message}</p>
        </div>
      </CardContent>
    </Card>
  )
}
