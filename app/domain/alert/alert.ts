import { formatDate, formatTime } from '#app/lib/format.ts'
import { utcToZonedTime, zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import { ALERT_LEVELS, type AlertLevel, type SchoolStatus } from '#db/tables/notifications.ts'

/** An alert as pages, feeds and the API read it; times are UTC instants (ISO 8601). */
export interface Alert {
  id: string
  level: AlertLevel
  title: string
  message: string
  link: string | null
  startsAt: string
  endsAt: string | null
  /** Set on the alert the one-click school status made. */
  schoolStatus: SchoolStatus | null
  /** The calendar entry a 'closed' status made. */
  eventId: string | null
  updatedAt: string
}

/** The admin lists this many ended alerts; older ones stay in the API. */
export const PAST_ALERTS_SHOWN = 20

/** The public's words for each level, read out with the icon so the level is never told by colour alone. */
export const ALERT_LEVEL_LABELS: Record<AlertLevel, string> = {
  emergency: 'Emergency',
  important: 'Important',
  info: 'Information',
}

/** Emergency first, then important, then info (docs/product-rules.md#alerts). */
const LEVEL_RANK: Record<AlertLevel, number> = { emergency: 0, important: 1, info: 2 }

/** The banner's order: by level, then the newest start first. */
export function byLevelThenNewest(a: Alert, b: Alert): number {
  return LEVEL_RANK[a.level] - LEVEL_RANK[b.level] || Date.parse(b.startsAt) - Date.parse(a.startsAt) || a.id.localeCompare(b.id)
}

export function isAlertLevel(value: string): value is AlertLevel {
  return (ALERT_LEVELS as readonly string[]).includes(value)
}

/** Whether the alert shows at `now`: from its start until its end, by time alone. */
export function isShowing(alert: Pick<Alert, 'startsAt' | 'endsAt'>, now: Date): boolean {
  return Date.parse(alert.startsAt) <= now.getTime() && (alert.endsAt === null || Date.parse(alert.endsAt) > now.getTime())
}

/** What one click of each school status puts on the site; the message is prefilled and editable. */
export const SCHOOL_STATUS_CHOICES: Record<SchoolStatus, { label: string; title: string; message: string }> = {
  open: { label: 'Open', title: 'School is open today', message: 'School is open as usual today.' },
  closed: {
    label: 'Closed',
    title: 'School is closed today',
    message: 'School is closed today. There are no classes and the building is shut. Stay safe.',
  },
  late_start: {
    label: 'Late start',
    title: 'Late start today',
    message: 'School starts late today. Classes begin two hours later than usual; buses run two hours late.',
  },
  early_dismissal: {
    label: 'Early dismissal',
    title: 'Early dismissal today',
    message: 'School closes early today. Pupils are dismissed at 12:30; please arrange collection.',
  },
}

/** The sessionStorage key that remembers an emergency dialog was closed: a changed alert asks again. */
export function dismissalKey(alert: Pick<Alert, 'id' | 'updatedAt'>): string {
  return `alert-dismissed:${alert.id}:${alert.updatedAt}`
}

/** The school's day at `now`: its date and the instants it starts and ends. */
export function schoolDay(now: Date, timeZone: string) {
  return schoolDayOn(utcToZonedTime(now.toISOString(), timeZone).slice(0, 10), timeZone)
}

/** The school's day of `date` ('YYYY-MM-DD'): the instants it starts and ends. */
export function schoolDayOn(date: string, timeZone: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const nextDate = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10)
  return { date, start: zonedTimeToUtc(`${date}T00:00`, timeZone), end: zonedTimeToUtc(`${nextDate}T00:00`, timeZone) }
}

function moment(iso: string, timeZone: string) {
  return `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`
}

/** When an alert shows, on the school's clocks: 'From March 3, 2027, 7:00 AM until March 4, 2027, 12:00 AM', or '… until removed'. */
export function alertWindow(alert: Pick<Alert, 'startsAt' | 'endsAt'>, timeZone: string): string {
  return `From ${moment(alert.startsAt, timeZone)} ${alert.endsAt ? `until ${moment(alert.endsAt, timeZone)}` : 'until removed'}`
}
