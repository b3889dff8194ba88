import { Download, ExternalLink, History } from 'lucide-react'
import type { ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { useSite } from '#app/components/hooks/use-site.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { ItemActions, type ItemControls } from '#app/components/admin/admin-list-page.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { PublicationBadge } from '#app/components/admin/publication-badge.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { formatFileSize, policyDownloadPath, policyPath, reviewState, type Policy, type PolicyVersion } from '#app/domain/policy/policy.ts'
import { POLICY_MESSAGES } from '#app/domain/policy/policy.schema.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { formatDate } from '#app/lib/format.ts'

/** 'Review due' within the notice period before the review date, 'Overdue' after it (docs/product-rules.md#policies). */
function ReviewBadge({ reviewDate, today }: { reviewDate: string | null; today: string }) {
  const state = reviewState(reviewDate, today)
  if (!state) return null
  return state === 'overdue' ? <Badge variant="destructive">Overdue</Badge> : <Badge variant="secondary">Review due</Badge>
}

/** A calendar date ('2027-09-01') as the school reads it, whatever the reader's zone. */
function formatDay(day: string) {
  return formatDate(`${day}T12:00:00Z`, 'UTC')
}

const linkClass = 'inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline'

/** Every document the policy was given, newest first: each downloadable by staff; an old one deletable by admins. */
function PolicyVersions({ policy, versions, isAdmin }: { policy: Policy; versions: readonly PolicyVersion[]; isAdmin: boolean }) {
  const { timeZone } = useSite()
  const remover = useFetcher<ActionResult>()
  useActionToast(remover)
  if (versions.length === 0) return null
  return (
    <details className="rounded-md border text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 font-medium">
        <History aria-hidden className="size-4" />
        Versions ({versions.length})<span className="sr-only"> of {policy.title}</span>
      </summary>
      <ol className="divide-y border-t">
        {versions.map((version) => {
          const name = version.fileName ?? version.fileUrl
          return (
            <li key={version.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="font-medium [overflow-wrap:anywhere]">{name}</p>
                <p className="text-muted-foreground">
                  <time dateTime={version.createdAt}>{formatDate(version.createdAt, timeZone)}</time>
                  {version.size !== null ? ` · ${formatFileSize(version.size)}` : ''}
                  {version.current ? ' · Current' : ''}
                </p>
              </div>
              <a href={`/admin/policies/${policy.id}/versions/${version.id}/download`} className={linkClass}>
                <Download aria-hidden className="size-4" />
                Download<span className="sr-only"> {name}</span>
              </a>
              {isAdmin && !version.current ? (
                <ConfirmDelete
                  label={`Delete version ${name}`}
                  question={POLICY_MESSAGES.confirmDeleteVersion}
                  pending={remover.state !== 'idle'}
                  onConfirm={() => void remover.submit({ intent: 'delete-version', id: version.id }, { method: 'post' })}
                />
              ) : null}
            </li>
          )
        })}
      </ol>
    </details>
  )
}

export function PolicyAdminCard({
  policy,
  versions,
  today,
  isAdmin,
  controls,
  select,
}: {
  policy: Policy
  versions: readonly PolicyVersion[]
  today: string
  isAdmin: boolean
  controls: ItemControls
  /** The row's tick box for the bulk actions. */
  select?: ReactNode
}) {
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-3">
        <div className="flex items-start justify-between gap-2">
          {select ? <div className="pt-0.5">{select}</div> : null}
          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="font-semibold break-words">{policy.title}</h2>
            <div className="flex flex-wrap gap-1.5">
              <PublicationBadge item={policy} />
              {policy.category ? <Badge variant="outline">{policy.category.name}</Badge> : null}
              <ReviewBadge reviewDate={policy.reviewDate} today={today} />
            </div>
            {policy.reviewDate ? <p className="text-sm text-muted-foreground">Review by {formatDay(policy.reviewDate)}</p> : null}
            {policy.fileUrl ? (
              // The stable address: a stored file's own is withdrawn from visitors once a newer document replaces it.
              <a href={policyDownloadPath(policy.slug)} target="_blank" rel="noopener noreferrer" className={linkClass}>
                <ExternalLink aria-hidden className="size-4" />
                View Document<span className="sr-only"> of {policy.title} (opens in a new tab)</span>
              </a>
            ) : (
              <p className="text-sm text-muted-foreground">No document</p>
            )}
            {policy.status === 'published' ? (
              <p className="text-sm break-all text-muted-foreground">
                Address: <a href={policyPath(policy.slug)} className="underline-offset-4 hover:underline">{policyPath(policy.slug)}</a>
              </p>
            ) : null}
          </div>
          <ItemActions name={policy.title} confirmQuestion={POLICY_MESSAGES.confirmDelete} controls={controls} />
        </div>
        {policy.description ? <p className="text-sm text-muted-foreground">{policy.description}</p> : null}
        <PolicyVersions policy={policy} versions={versions} isAdmin={isAdmin} />
      </CardContent>
    </Card>
  )
}
