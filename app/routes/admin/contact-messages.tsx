import { Mail, MailOpen } from 'lucide-react'
import { useFetcher } from 'react-router'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { OfficeNotificationsButton } from '#app/components/admin/office-notifications-dialog.tsx'
import { CONTACT_ADMIN_MESSAGES, contactMessageActionSchema } from '#app/domain/contact/contact-message.schema.ts'
import { OFFICE_NOTIFICATION_MESSAGES } from '#app/domain/contact/office-notifications.schema.ts'
import { getOfficeAddresses, setOfficeAddresses } from '#app/domain/contact/office-notifications.server.ts'
import { hasRole } from '#app/domain/user/access.ts'
import {
  deleteContactMessage,
  countUnreadContactMessages,
  listContactMessages,
  setContactMessageRead,
  type ContactMessage,
} from '#app/domain/contact/contact-messages.server.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { formatDate, formatTime } from '#app/lib/format.ts'
import { listNoMatchText, listSearchText } from '#app/lib/list-search.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { cn } from '#app/lib/utils.ts'
import type { Route } from './+types/contact-messages.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, 'editor')
  const search = listSearchText(request.url)
  const isAdmin = hasRole(staff.role, 'admin')
  const [messages, unread, officeAddresses] = await Promise.all([
    listContactMessages({ search }),
    countUnreadContactMessages(),
    isAdmin ? getOfficeAddresses() : null,
  ])
  return { messages, unread, search, officeAddresses }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, 'editor')
  return answerAction(async () => {
    const submission = await validatedForm(contactMessageActionSchema, request)
    if (submission.intent === 'office-addresses') {
      await setOfficeAddresses(submission.addresses, staff)
      return submission.addresses.length ? OFFICE_NOTIFICATION_MESSAGES.saved : OFFICE_NOTIFICATION_MESSAGES.cleared
    }
    if (submission.intent === 'mark') {
      await setContactMessageRead(submission.id, submission.read)
      return CONTACT_ADMIN_MESSAGES.statusUpdated
    }
    await deleteContactMessage(submission.id)
    return CONTACT_ADMIN_MESSAGES.deleted
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Contact Messages | Admin Panel' }]

export default function ContactMessagesAdmin({ loaderData }: Route.ComponentProps) {
  const { messages, unread, search, officeAddresses } = loaderData
  // New messages from the public form appear without a reload: the admin layout follows them for every page.
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  const pendingId = fetcher.state === 'idle' ? null : fetcher.formData?.get('id')

  return (
    <>
      <AdminPageHeader
        title="Contact Messages"
        actions={
          <>
            <Badge variant={unread ? 'default' : 'secondary'}>{unread} Unread</Badge>
            {officeAddresses ? <OfficeNotificationsButton addresses={officeAddresses} /> : null}
          </>
        }
      />
      <AdminListSearch label="Search messages by name, e-mail or text" query={search} />
      {messages.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">{search ? listNoMatchText('messages', search) : CONTACT_ADMIN_MESSAGES.empty}</p>
      ) : (
        <ul className="space-y-4">
          {messages.map((message) => (
            <li key={message.id}>
              <MessageCard
                message={message}
                pending={pendingId === message.id}
                onMark={() => void fetcher.submit({ intent: 'mark', id: message.id, read: String(!message.read) }, { method: 'post' })}
                onDelete={() => void fetcher.submit({ intent: 'delete', id: message.id }, { method: 'post' })}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

interface MessageCardProps {
  message: ContactMessage
  pending: boolean
  onMark: () => void
  onDelete: () => void
}

function MessageCard({ message, pending, onMark, onDelete }: MessageCardProps) {
  const { timeZone } = useSite()
  return (
    <Card className={cn(!message.read && 'border-primary/40 bg-primary/5')}>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <h2 className="flex items-center gap-2 font-semibold">
              {message.name}
              {message.read ? null : <Badge>New</Badge>}
            </h2>
            <a href={`mailto:${message.email}`} className="text-sm text-primary underline-offset-4 hover:underline">
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
        <p className="whitespace-pre-line text-sm">{message.message}</p>
      </CardContent>
    </Card>
  )
}
