import { dateTimeFormat } from './date-formatters.ts'

/** Dates as the school reads them, in its time zone; the same on server and browser. */
export function formatDate(iso: string, timeZone: string): string {
  return dateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date(iso))
}

export function formatTime(iso: string, timeZone: string): string {
  return dateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso))
}

function dayKey(iso: string, timeZone: string) {
  return dateTimeFormat('en-CA', { dateStyle: 'short', timeZone }).format(new Date(iso))
}

/** True when the instant is exactly midnight in the zone: an event given as a date only. */
function isMidnight(iso: string, timeZone: string) {
  return formatTime(iso, timeZone) === '12:00 AM'
}

/**
 * An event's date or date range: 'March 3, 2027', 'March 3, 2027, 4:00 PM – 7:00 PM',
 * or 'March 3, 2027 – March 5, 2027'.
 */
export function formatEventWhen(start: string, end: string | null, timeZone: string): string {
  const startTime = isMidnight(start, timeZone) ? '' : `, ${formatTime(start, timeZone)}`
  if (!end) return `${formatDate(start, timeZone)}${startTime}`
  if (dayKey(start, timeZone) === dayKey(end, timeZone)) {
    return startTime ? `${formatDate(start, timeZone)}${startTime} – ${formatTime(end, timeZone)}` : formatDate(start, timeZone)
  }
  return `${formatDate(start, timeZone)} – ${formatDate(end, timeZone)}`
}

/** How a count of things reads: '1 message', '3 messages'. */
export function countOf(count: number, thing: string, things = `${thing}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? thing : things}`
}
