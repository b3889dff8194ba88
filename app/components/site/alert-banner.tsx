import { Info, Siren, TriangleAlert, type LucideIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useHydrated } from '#app/components/hooks/use-hydrated.ts'
import { ALERT_LEVEL_LABELS, dismissalKey, type Alert } from '#app/domain/alert/alert.ts'
import type { AlertLevel } from '#db/tables/notifications.ts'
import { cn } from '#app/lib/utils.ts'

/** Only pages with an emergency load the dialog's code: the banner itself stays a few lines of markup. */
const EmergencyAlertDialog = lazy(() => import('./emergency-alert-dialog.tsx'))

/** Colour, icon and a word for each level, so that none is told by colour alone; fixed colours keep the contrast whatever the theme. */
export const ALERT_LEVEL_LOOK: Record<AlertLevel, { icon: LucideIcon; className: string }> = {
  emergency: { icon: Siren, className: 'bg-red-700 text-white' },
  important: { icon: TriangleAlert, className: 'bg-amber-100 text-amber-950 border-b border-amber-300' },
  info: { icon: Info, className: 'bg-sky-50 text-sky-950 border-b border-sky-200' },
}

/** Dismissed on this page: what a browser refusing storage still remembers until the next full load. */
const dismissedHere = new Set<string>()

/** Browsers that refuse storage (some private modes) throw: the dialog then comes back on the next visit's pages, the safe side. */
function wasDismissed(alert: Alert) {
  if (dismissedHere.has(dismissalKey(alert))) return true
  try {
    return window.sessionStorage.getItem(dismissalKey(alert)) !== null
  } catch {
    return false
  }
}

function rememberDismissed(alerts: readonly Alert[]) {
  for (const alert of alerts) dismissedHere.add(dismissalKey(alert))
  try {
    for (const alert of alerts) window.sessionStorage.setItem(dismissalKey(alert), '1')
  } catch {
    // Storage full or refused: the dialog asks again on the next page.
  }
}

/** One alert's line: the level's icon and word, the title, the message and the link. */
export function AlertLine({ alert }: { alert: Alert }) {
  const look = ALERT_LEVEL_LOOK[alert.level]
  const Icon = look.icon
  return (
    <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3 text-sm">
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <p className="min-w-0 flex-1 break-words">
        <span className="mr-2 font-bold tracking-wide uppercase">{ALERT_LEVEL_LABELS[alert.level]}:</span>
        <strong className="font-semibold">{alert.title}</strong>
        {alert.message ? <span className="whitespace-pre-line"> {alert.message}</span> : null}
        {alert.link ? (
          <>
            {' '}
            <a href={alert.link} className="font-semibold underline underline-offset-2">
              More information<span className="sr-only"> about {alert.title}</span>
            </a>
          </>
        ) : null}
      </p>
    </div>
  )
}

/**
 * The alerts showing now, under the header of every public page, one row
 * each in level order. The rows sit in a polite live region, so an alert
 * arriving while the page is open is read out without taking the focus.
 * An emergency alert also opens a dialog once per visit (until dismissed in
 * this browser session, or changed); docs/product-rules.md#alerts.
 */
export function AlertBanner({ alerts }: { alerts: readonly Alert[] }) {
  // Dismissals live in this browser's session storage: read once the page runs in the browser, and again after each dismissal.
  const hydrated = useHydrated()
  const [dismissals, setDismissals] = useState(0)
  const undismissed = hydrated ? alerts.filter((alert) => alert.level === 'emergency' && !wasDismissed(alert)) : []
  const dismiss = () => {
    rememberDismissed(undismissed)
    setDismissals(dismissals + 1)
  }
  return (
    <>
      <div aria-live="polite">
        {alerts.length ? (
          <section aria-label="Alerts">
            <ul>
              {alerts.map((alert) => (
                <li key={alert.id} className={cn(ALERT_LEVEL_LOOK[alert.level].className)} data-level={alert.level}>
                  <AlertLine alert={alert} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      {undismissed.length ? (
        <Suspense fallback={null}>
          <EmergencyAlertDialog alerts={undismissed} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </>
  )
}
