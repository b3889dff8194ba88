import { useState } from 'react'
import { useFetcher } from 'react-router'
import { Field, TextareaField } from '#app/components/forms/field.tsx'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { ALERT_MESSAGE_MAX } from '#app/domain/alert/alert.schema.ts'
import { SCHOOL_STATUS_CHOICES, type Alert } from '#app/domain/alert/alert.ts'
import { refusedFieldErrors, type ActionResult } from '#app/lib/action-result.ts'
import { SCHOOL_STATUSES, type SchoolStatus } from '#db/tables/notifications.ts'

export const SCHOOL_STATUS_TEXT = {
  none: 'No status set today: the site shows no status notice.',
  current: (label: string) => `Today's status: ${label}`,
  publish: 'Publish status',
  publishing: 'Publishing...',
  closedNote: "Also puts 'School closed' on today's calendar. Families who subscribed to alerts are told at once.",
  announcedNote: 'Families who subscribed to alerts are told at once.',
  openNote: "Replaces today's status notice; if it said closed, late start or early dismissal, families are told the school is open.",
  day: 'Day',
  dayNote: 'Today, or a later day: a status for a later day shows from the start of that day.',
} as const

const NOTES: Record<SchoolStatus, string> = {
  open: SCHOOL_STATUS_TEXT.openNote,
  closed: SCHOOL_STATUS_TEXT.closedNote,
  late_start: SCHOOL_STATUS_TEXT.announcedNote,
  early_dismissal: SCHOOL_STATUS_TEXT.announcedNote,
}

/**
 * Today's status and one button per status. A button opens its notice with
 * the usual text, ready to publish or to edit first: closing the school
 * tells every family, so it is never one stray click (docs/product-rules.md#alerts).
 */
export function SchoolStatusCard({ today, todayDate }: { today: Alert | null; todayDate: string }) {
  const [choosing, setChoosing] = useState<SchoolStatus | null>(null)
  const current = today?.schoolStatus ? SCHOOL_STATUS_CHOICES[today.schoolStatus].label : null
  return (
    <Card className="mb-8">
      <CardHeader>
        <CardTitle>
          <h2>School status today</h2>
        </CardTitle>
        <CardDescription>{current ? SCHOOL_STATUS_TEXT.current(current) : SCHOOL_STATUS_TEXT.none}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {SCHOOL_STATUSES.map((status) => (
          <Button
            key={status}
            type="button"
            variant={today?.schoolStatus === status ? 'default' : status === 'closed' ? 'destructive' : 'outline'}
            aria-pressed={today?.schoolStatus === status}
            onClick={() => setChoosing(status)}
          >
            {SCHOOL_STATUS_CHOICES[status].label}
          </Button>
        ))}
      </CardContent>
      {choosing ? <SchoolStatusDialog status={choosing} todayDate={todayDate} onClose={() => setChoosing(null)} /> : null}
    </Card>
  )
}

function SchoolStatusDialog({ status, todayDate, onClose }: { status: SchoolStatus; todayDate: string; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher, onClose)
  const choice = SCHOOL_STATUS_CHOICES[status]
  const publishing = fetcher.state !== 'idle'
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{choice.title}</DialogTitle>
          <DialogDescription>{NOTES[status]}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="school-status" />
          <input type="hidden" name="status" value={status} />
          <Field
            id="status-day"
            name="day"
            label={SCHOOL_STATUS_TEXT.day}
            type="date"
            required
            min={todayDate}
            defaultValue={todayDate}
            description={SCHOOL_STATUS_TEXT.dayNote}
            error={refusedFieldErrors(fetcher.data)?.day}
          />
          <TextareaField
            id="status-message"
            name="message"
            label="Message"
            rows={4}
            maxLength={ALERT_MESSAGE_MAX}
            defaultValue={choice.message}
            error={refusedFieldErrors(fetcher.data)?.message}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant={status === 'closed' ? 'destructive' : 'default'} disabled={publishing}>
              {publishing ? SCHOOL_STATUS_TEXT.publishing : SCHOOL_STATUS_TEXT.publish}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
