import { Download } from 'lucide-react'
import { Link, useFetcher } from 'react-router'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { countSubscribers, deleteSubscriber, listSubscribers } from '#app/domain/subscription/subscriber-admin.server.ts'
import { describeChoices, SUBSCRIPTION_LIMITS, SUBSCRIPTION_MESSAGES, subscriberActionSchema } from '#app/domain/subscription/subscription.schema.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { formatDate } from '#app/lib/format.ts'
import { listNoMatchText, listSearchText } from '#app/lib/list-search.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/subscribers.ts'

function pageOf(url: string) {
  const page = Number(new URL(url).searchParams.get('page'))
  return Number.isInteger(page) && page > 0 ? page : 1
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, 'admin')
  const search = listSearchText(request.url)
  const page = pageOf(request.url)
  const [list, counts] = await Promise.all([listSubscribers({ search, page }), countSubscribers()])
  return { ...list, counts, search, page, pages: Math.max(1, Math.ceil(list.total / SUBSCRIPTION_LIMITS.pageSize)) }
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

function pageLink(search: string, page: number) {
  const params = new URLSearchParams()
  if (search) params.set('q', search)
  if (page > 1) params.set('page', String(page))
  return `/admin/subscribers${params.size ? `?${params.toString()}` : ''}`
}

export default function SubscribersAdmin({ loaderData }: Route.ComponentProps) {
  const { subscribers, total, counts, search, page, pages } = loaderData
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
          <nav aria-label="Pages of subscribers" className="mt-4 flex items-center justify-between gap-2 text-sm">
            <span>
              {total} subscriber{total === 1 ? '' : 's'}, page {page} of {pages}
            </span>
            <span className="flex gap-2">
              {page > 1 ? (
                <Button asChild variant="outline" size="sm">
                  <Link to={pageLink(search, page - 1)}>Previous</Link>
                </Button>
              ) : null}
              {page < pages ? (
                <Button asChild variant="outline" size="sm">
                  <Link to={pageLink(search, page + 1)}>Next</Link>
                </Button>
              ) : null}
            </span>
          </nav>
        </>
      )}
    </>
  )
}
