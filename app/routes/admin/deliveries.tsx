import { Bell, Mail, RotateCw } from 'lucide-react'
import { useFetcher } from 'react-router'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DELIVERY_MESSAGES, DELIVERY_STATUS_LABELS, deliveryActionSchema, DELIVERY_FILTER } from '#app/domain/outbox/deliveries.schema.ts'
import { listDeliveries, retryDelivery, type Delivery } from '#app/domain/outbox/deliveries.server.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { formatDate, formatTime } from '#app/lib/format.ts'
import { listNoMatchText } from '#app/lib/list-search.ts'
import { readListParams } from '#app/lib/list-params.ts'
import { ListFilterTabs } from '#app/components/admin/list-filter-tabs.tsx'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { cn } from '#app/lib/utils.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import { OUTBOX_STATUSES, type OutboxStatus } from '#db/tables/notifications.ts'
import type { Route } from './+types/deliveries.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, 'admin')
  const { page, search, filter } = readListParams(request.url, DELIVERY_FILTER)
  const status = filter === 'all' ? null : filter
  const log = await listDeliveries({ status: status ?? undefined, search, page })
  return { ...log, status, search }
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
  sent: 'outline',
  failed: 'destructive',
  skipped: 'outline',
}

export default function DeliveriesAdmin({ loaderData }: Route.ComponentProps) {
  const { deliveries, counts, pages, status, search } = loaderData
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  const retrying = fetcher.state === 'idle' ? null : fetcher.formData?.get('id')
  const all = OUTBOX_STATUSES.reduce((sum, each) => sum + counts[each], 0)

  return (
    <>
      <AdminPageHeader title="Deliveries" description="Every mail and notification the site sends, one line per recipient, newest first." />
      <ListFilterTabs
        label="Show deliveries by status"
        param={DELIVERY_FILTER.name}
        fallback={DELIVERY_FILTER.fallback}
        current={status ?? 'all'}
        choices={[
          { value: 'all', label: 'All', count: all },
          ...OUTBOX_STATUSES.map((each) => ({ value: each, label: DELIVERY_STATUS_LABELS[each], count: counts[each], alarming: each === 'failed' })),
        ]}
      />
      <AdminListSearch label="Search by recipient" query={search} />
      {deliveries.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">
          {search ? listNoMatchText('recipients', search) : status ? DELIVERY_MESSAGES.noneWithStatus : DELIVERY_MESSAGES.empty}
        </p>
      ) : (
        <>
          <table className="block w-full text-sm md:table">
            <caption className="sr-only">
              Deliveries{status ? `: ${DELIVERY_STATUS_LABELS[status]}` : ''}, page {pages.page} of {pages.pageCount}
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
          <ListPager pages={pages} thing="delivery" things="deliveries" />
        </>
      )}
    </>
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
      <td className={cn(cell, 'font-medium [overflow-wrap:anywhere]')}>
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
