import { CalendarClock, Plus } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { ItemActions } from '#app/components/admin/admin-list-page.tsx'
import { SchoolStatusCard } from '#app/components/admin/school-status-card.tsx'
import { SiteAlertDialog } from '#app/components/admin/site-alert-dialog.tsx'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { ALERT_LEVEL_LOOK } from '#app/components/site/alert-banner.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { createAlert, deleteAlert, setSchoolStatus, updateAlert } from '#app/domain/alert/alert-admin.server.ts'
import { ALERT_MESSAGES, alertActionSchema } from '#app/domain/alert/alert.schema.ts'
import { listAlertsForAdmin, todaysSchoolStatus } from '#app/domain/alert/alert.server.ts'
import { ALERT_LEVEL_LABELS, alertWindow, PAST_ALERTS_SHOWN, SCHOOL_STATUS_CHOICES, schoolDay, type Alert } from '#app/domain/alert/alert.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { formatDate } from '#app/lib/format.ts'
import { cn } from '#app/lib/utils.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/alerts.ts'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const now = new Date()
  const timeZone = await siteTimeZone()
  const [lists, today] = await Promise.all([listAlertsForAdmin(now), todaysSchoolStatus(now, timeZone)])
  return { ...lists, today, todayDate: schoolDay(now, timeZone).date }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  return answerAction(async () => {
    const submission = await validatedForm(alertActionSchema, request)
    switch (submission.intent) {
      case 'create':
        await createAlert(submission)
        return ALERT_MESSAGES.created
      case 'update':
        await updateAlert(submission.id, submission)
        return ALERT_MESSAGES.updated
      case 'delete':
        await deleteAlert(submission.id)
        return ALERT_MESSAGES.deleted
      case 'school-status':
      {
        const now = new Date()
        const timeZone = await siteTimeZone()
        const alert = await setSchoolStatus(submission, { now, timeZone })
        const label = SCHOOL_STATUS_CHOICES[submission.status].label
        // Today's status starts now; a later day's at that day's start.
        return Date.parse(alert.startsAt) > now.getTime() ? ALERT_MESSAGES.statusSetFor(label, formatDate(alert.startsAt, timeZone)) : ALERT_MESSAGES.statusSet(label)
      }
    }
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Alerts | Admin Panel' }]

export default function AlertsAdmin({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<Alert | 'new' | null>(null)
  const remover = useFetcher<ActionResult>()
  useActionToast(remover)
  const deletingId = remover.state === 'idle' ? null : remover.formData?.get('id')
  const list = (heading: string, alerts: readonly Alert[], emptyText: string) => (
    <section className="mb-8" aria-labelledby={`alerts-${heading.toLowerCase()}`}>
      <h2 id={`alerts-${heading.toLowerCase()}`} className="mb-4 text-xl font-semibold">
        {heading}
      </h2>
      {alerts.length === 0 ? (
        <p className="text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {alerts.map((alert) => (
            <li key={alert.id}>
              <AlertAdminCard
                alert={alert}
                deleting={deletingId === alert.id}
                onEdit={() => setEditing(alert)}
                onDelete={() => void remover.submit({ intent: 'delete', id: alert.id }, { method: 'post' })}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )

  return (
    <>
      <AdminPageHeader
        title="Alerts"
        description="Notices under the header of every public page, and today's school status."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            New Alert
          </Button>
        }
      />
      <SchoolStatusCard today={loaderData.today} todayDate={loaderData.todayDate} />
      {list('Active', loaderData.active, 'No alert is showing on the site now.')}
      {list('Upcoming', loaderData.upcoming, 'No alert is scheduled.')}
      {list('Past', loaderData.past, `No alert has ended yet. The latest ${PAST_ALERTS_SHOWN} ended alerts are listed here.`)}
      {editing ? <SiteAlertDialog alert={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  )
}

function AlertAdminCard({ alert, deleting, onEdit, onDelete }: { alert: Alert; deleting: boolean; onEdit: () => void; onDelete: () => void }) {
  const { timeZone } = useSite()
  const look = ALERT_LEVEL_LOOK[alert.level]
  const Icon = look.icon
  return (
    <Card className="h-full">
      <CardContent className="space-y-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap gap-2">
              <Badge className={cn('gap-1', look.className)}>
                <Icon aria-hidden />
                {ALERT_LEVEL_LABELS[alert.level]}
              </Badge>
              {alert.schoolStatus ? <Badge variant="outline">School status: {SCHOOL_STATUS_CHOICES[alert.schoolStatus].label}</Badge> : null}
            </div>
            <h3 className="font-semibold break-words">{alert.title}</h3>
          </div>
          <ItemActions name={alert.title} confirmQuestion={ALERT_MESSAGES.confirmDelete} controls={{ edit: onEdit, remove: onDelete, deleting }} />
        </div>
        {alert.message ? <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{alert.message}</p> : null}
        {alert.link ? <p className="text-sm break-all">Link: {alert.link}</p> : null}
        <p className="flex items-center gap-1.5 text-sm text-primary">
          <CalendarClock aria-hidden className="size-4 shrink-0" />
          {alertWindow(alert, timeZone)}
        </p>
      </CardContent>
    </Card>
  )
}
