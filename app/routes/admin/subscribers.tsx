import { Download } from 'lucide-react'
import { useFetcher } from 'react-router'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { countSubscribers, deleteSubscriber, listSubscribers } from '#app/domain/subscription/subscriber-admin.server.ts'
import { describeChoices, SUBSCRIPTION_MESSAGES, subscriberActionSchema } from '#app/domain/subscription/subscription.schema.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { formatDate } from '#app/lib/format.ts'
import { listNoMatchText } from '#app/lib/list-search.ts'
import { readListParams } from '#app/lib/list-params.ts'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/subscribers.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, 'admin')
  const { search, page } = readListParams(request.url)
  const [list, counts] = await Promise.all([listSubscribers({ search, page }), countSubscribers()])
  return { ...list, counts, search }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'admin')
  return answerAction(async () => {
    const submission = await validatedForm(subscriberActionSchema, request)
    await deleteSubscriber(submission.id)
    return SUBSCRIPTION_MESSAGES.deleted
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Subscribers | Admin Panel' }]

export default function SubscribersAdmin({ loaderData }: Route.ComponentProps) {
  const { subscribers, counts, search, pages } = loaderData
  const { timeZone } = useSite()
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  const pendingId = fetcher.state === 'idle' ? null : fetcher.formData?.get('id')
  const stats = [
    ['Confirmed', counts.confirmed],
    ['Waiting for confirmation', counts.pending],
    ['News at once', counts.instant],
    ['Weekly digest', counts.weekly],
    ['Events', counts.events],
    ['Alerts', counts.alerts],
  ] as const

  return (
    <>
      <AdminPageHeader
        title="Subscribers"
        description="Families who receive news, events and alerts by e-mail."
        actions={
          <Button asChild variant="outline">
            <a href="/admin/subscribers/export.csv" download>
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
        }
      />
      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {stats.map(([label, value]) => (
          <div key={label} className="rounded-lg border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mb-4 text-sm text-muted-foreground">Counts by choice are of confirmed subscribers.</p>
      <AdminListSearch label="Search subscribers by e-mail" query={search} />
      {subscribers.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">{search ? listNoMatchText('subscribers', search) : 'No subscribers yet.'}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>E-mail</TableHead>
                  <TableHead>Receives</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Subscribed</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {subscribers.map((subscriber) => (
                  <TableRow key={subscriber.id}>
                    <TableCell className="min-w-48 font-medium break-all whitespace-normal">{subscriber.email}</TableCell>
                    <TableCell className="min-w-32 whitespace-normal">{describeChoices(subscriber)}</TableCell>
                    <TableCell>
                      {subscriber.confirmedAt ? (
                        <Badge variant="secondary">Confirmed {formatDate(subscriber.confirmedAt, timeZone)}</Badge>
                      ) : (
                        <Badge variant="outline">Waiting for confirmation</Badge>
                      )}
                    </TableCell>
                    <TableCell>
                      <time dateTime={subscriber.createdAt}>{formatDate(subscriber.createdAt, timeZone)}</time>
                    </TableCell>
                    <TableCell className="text-right">
                      <ConfirmDelete
                        label={`Delete the subscriber ${subscriber.email}`}
                        question={`${subscriber.email} will get no more e-mails. They can subscribe again themselves.`}
                        pending={pendingId === subscriber.id}
                        onConfirm={() => void fetcher.submit({ intent: 'delete', id: subscriber.id }, { method: 'post' })}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ListPager pages={pages} thing="subscriber" />
        </>
      )}
    </>
  )
}
