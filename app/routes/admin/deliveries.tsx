import { Bell, ChevronLeft, ChevronRight, Mail, RotateCw } from 'lucide-react'
import { Link, useFetcher, useLocation, useRevalidator } from 'react-router'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { useChangeFeed } from '#app/components/hooks/use-change-feed.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DELIVERY_MESSAGES, DELIVERY_STATUS_LABELS, deliveryActionSchema, deliveryStatusFilter } from '#app/domain/outbox/deliveries.schema.ts'
import { listDeliveries, retryDelivery, type Delivery } from '#app/domain/outbox/deliveries.server.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { formatDate, formatTime } from '#app/lib/format.ts'
import { listNoMatchText, listSearchText } from '#app/lib/list-search.ts'
import { cn } from '#app/lib/utils.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import { OUTBOX_STATUSES, type OutboxStatus } from '#db/tables/notifications.ts'
import type { Route } from './+types/deliveries.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, 'admin')
  const params = new URL(request.url).searchParams
  const status = deliveryStatusFilter(params.get('status'))
  const search = listSearchText(request.url)
  const log = await listDeliveries({ status, search, page: Number(params.get('page') ?? 1) })
  return { ...log, status: status ?? null, search }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'admin')
  return answerAction(async () => {
    const submission = await validatedForm(deliveryActionSchema, request)
    await retryDelivery(submission.id)
    return DELIVERY_MESSAGES.retried
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Deliveries | Admin Panel' }]

const STATUS_BADGES: Record<OutboxStatus, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  pending: 'outline',
  sending: 'default',
  sent: 'secondary',
  failed: 'destructive',
  skipped: 'outline',
}

export default function DeliveriesAdmin({ loaderData }: Route.ComponentProps) {
  const { deliveries, counts, total, page, pageCount, status, search } = loaderData
  const revalidator = useRevalidator()
  // Newly queued and retried messages show without a reload.
  const reload = () => void revalidator.revalidate()
  useChangeFeed(['outbox_messages'], reload, reload)
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  const retrying = fetcher.state === 'idle' ? null : fetcher.formData?.get('id')
  const all = OUTBOX_STATUSES.reduce((sum, each) => sum + counts[each], 0)

  return (
    <>
      <AdminPageHeader title="Deliveries" description="Every mail and notification the site sends, one line per recipient, newest first." />
      <StatusFilter counts={counts} all={all} current={status} />
      <AdminListSearch label="Search by recipient" query={search} />
      {deliveries.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">
          {search ? listNoMatchText('recipients', search) : status ? DELIVERY_MESSAGES.noneWithStatus : DELIVERY_MESSAGES.empty}
        </p>
      ) : (
        <>
          <table className="block w-full text-sm md:table">
            <caption className="sr-only">
              Deliveries{status ? `: ${DELIVERY_STATUS_LABELS[status]}` : ''}, page {page} of {pageCount}
            </caption>
            <thead className="hidden border-b text-left text-muted-foreground md:table-header-group">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">Recipient</th>
                <th scope="col" className="py-2 pr-3 font-medium">Message</th>
                <th scope="col" className="py-2 pr-3 font-medium">Status</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Attempts</th>
                <th scope="col" className="py-2 pr-3 font-medium">Time</th>
                <th scope="col" className="py-2 font-medium"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="block space-y-3 md:table-row-group md:space-y-0">
              {deliveries.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  delivery={delivery}
                  retrying={retrying === delivery.id}
                  onRetry={() => void fetcher.submit({ intent: 'retry', id: delivery.id }, { method: 'post' })}
                />
              ))}
            </tbody>
          </table>
          <Pager page={page} pageCount={pageCount} total={total} />
        </>
      )}
    </>
  )
}

/** The counts per status, each a link that shows only that status. */
function StatusFilter({ counts, all, current }: { counts: Record<OutboxStatus, number>; all: number; current: OutboxStatus | null }) {
  const location = useLocation()
  const linkTo = (status: OutboxStatus | null) => {
    const params = new URLSearchParams(location.search)
    params.delete('page')
    if (status) params.set('status', status)
    else params.delete('status')
    return `${location.pathname}${params.size ? `?${params.toString()}` : ''}`
  }
  const choices: Array<{ status: OutboxStatus | null; label: string; count: number }> = [
    { status: null, label: 'All', count: all },
    ...OUTBOX_STATUSES.map((status) => ({ status, label: DELIVERY_STATUS_LABELS[status], count: counts[status] })),
  ]
  return (
    <nav aria-label="Show deliveries by status" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => {
          const selected = choice.status === current
          return (
            <li key={choice.label}>
              <Link
                to={linkTo(choice.status)}
                aria-current={selected ? 'page' : undefined}
                className={cn(
                  'inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-muted',
                  selected && 'border-primary bg-primary text-primary-foreground hover:bg-primary/90',
                  choice.status === 'failed' && choice.count > 0 && !selected && 'border-destructive text-destructive',
                )}
              >
                {choice.label}
                <span className="tabular-nums">{choice.count.toLocaleString('en')}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function DeliveryRow({ delivery, retrying, onRetry }: { delivery: Delivery; retrying: boolean; onRetry: () => void }) {
  const { timeZone } = useSite()
  const ChannelIcon = delivery.channel === 'push' ? Bell : Mail
  const when = delivery.status === 'sent' ? delivery.sentAt : delivery.status === 'pending' ? delivery.deliverAfter : delivery.createdAt
  const whenLabel = delivery.status === 'sent' ? 'Sent' : delivery.status === 'pending' ? 'Due' : 'Queued'
  const cell = 'block py-0.5 md:table-cell md:py-2 md:pr-3 md:align-top'
  return (
    <tr className="block rounded-lg border p-3 md:table-row md:rounded-none md:border-0 md:border-b md:p-0">
      <td className={cn(cell, 'font-medium break-all')}>
        <span className="flex items-center gap-2">
          <ChannelIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="sr-only">{delivery.channel === 'push' ? 'Push notification to' : 'Mail to'}</span>
          {delivery.recipient}
        </span>
      </td>
      <td className={cell}>
        <span className="block">{delivery.title ?? <span className="text-muted-foreground">Not composed yet</span>}</span>
        <span className="block text-xs text-muted-foreground">{delivery.kind}</span>
        {delivery.reason ? <span className={cn('mt-1 block text-xs', delivery.status === 'failed' ? 'text-destructive' : 'text-muted-foreground')}>{delivery.reason}</span> : null}
      </td>
      <td className={cn(cell, 'inline-block pr-3 md:table-cell')}>
        <Badge variant={STATUS_BADGES[delivery.status]}>{DELIVERY_STATUS_LABELS[delivery.status]}</Badge>
      </td>
      <td className={cn(cell, 'inline-block pr-3 text-muted-foreground md:table-cell md:text-right md:text-foreground')}>
        <span className="md:hidden">Attempts: </span>
        <span className="tabular-nums">{delivery.attempts}</span>
      </td>
      <td className={cn(cell, 'text-muted-foreground md:whitespace-nowrap md:text-foreground')}>
        {when ? (
          <>
            <span className="md:sr-only">{whenLabel} </span>
            <time dateTime={when}>
              {formatDate(when, timeZone)}, {formatTime(when, timeZone)}
            </time>
          </>
        ) : null}
      </td>
      <td className={cn(cell, 'md:text-right')}>
        {delivery.status === 'failed' ? (
          <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} className="mt-2 md:mt-0">
            <RotateCw aria-hidden />
            Retry<span className="sr-only"> the message to {delivery.recipient}</span>
          </Button>
        ) : null}
      </td>
    </tr>
  )
}

function Pager({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  const location = useLocation()
  const linkTo = (target: number) => {
    const params = new URLSearchParams(location.search)
    params.set('page', String(target))
    return `${location.pathname}?${params.toString()}`
  }
  return (
    <nav aria-label="Pages of the delivery log" className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">
        {total.toLocaleString('en')} message{total === 1 ? '' : 's'}, page {page} of {pageCount}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link to={linkTo(page - 1)} rel="prev">
              <ChevronLeft aria-hidden />
              Newer
            </Link>
          </Button>
        ) : null}
        {page < pageCount ? (
          <Button asChild variant="outline" size="sm">
            <Link to={linkTo(page + 1)} rel="next">
              Older
              <ChevronRight aria-hidden />
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  )
}
