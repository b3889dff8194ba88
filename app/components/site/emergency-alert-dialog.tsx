import { Siren } from 'lucide-react'
import { useReturnFocus } from '#app/components/hooks/use-return-focus.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import type { Alert } from '#app/domain/alert/alert.ts'

export const EMERGENCY_DIALOG_TEXT = {
  title: 'Emergency alert',
  several: (count: number) => `${count} emergency alerts`,
  dismiss: 'I have read this',
} as const

/** The emergency alerts not yet dismissed in this visit, in one dialog; any way of closing it dismisses them. */
export default function EmergencyAlertDialog({ alerts, onDismiss }: { alerts: readonly Alert[]; onDismiss: () => void }) {
  // It opens by itself, on arrival or when an alert comes in: closing it gives the keyboard back where it was.
  const returnFocus = useReturnFocus()
  return (
    <Dialog open onOpenChange={(open) => !open && onDismiss()}>
      <DialogContent className="border-4 border-red-700" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2 text-red-800">
            <Siren aria-hidden className="size-6 shrink-0" />
            {alerts.length === 1 ? EMERGENCY_DIALOG_TEXT.title : EMERGENCY_DIALOG_TEXT.several(alerts.length)}
          </DialogTitle>
          <DialogDescription className="sr-only">{alerts.map((alert) => alert.title).join('. ')}</DialogDescription>
        </DialogHeader>
        {alerts.map((alert) => (
          <article key={alert.id} className="space-y-2">
            <h3 className="text-xl font-bold break-words">{alert.title}</h3>
            {alert.message ? <p className="break-words whitespace-pre-line">{alert.message}</p> : null}
            {alert.link ? (
              <p>
                <a href={alert.link} className="font-semibold text-red-800 underline underline-offset-2">
                  More information<span className="sr-only"> about {alert.title}</span>
                </a>
              </p>
            ) : null}
          </article>
        ))}
        <DialogFooter>
          <Button type="button" onClick={onDismiss}>
            {EMERGENCY_DIALOG_TEXT.dismiss}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
