import { RRuleTemporal } from 'rrule-temporal'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { utcToZonedTime, zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import type { SchoolEvent } from './event.ts'
import { MAX_OCCURRENCES, MAX_SERIES_YEARS, RECURRENCE_MESSAGES, parseRecurrence } from './recurrence.ts'

/**
 * A repeating event's dates, worked out on the school's clocks (a weekly
 * 09:00 stays 09:00 across a change of the clocks) by rrule-temporal, the
 * maintained RFC 5545 implementation (decision 025).
 */

const MINUTE_MS = 60_000

/** 'YYYY-MM-DDTHH:mm' → 'YYYYMMDDTHHmm00', the DTSTART form. */
function icsLocal(wallClock: string) {
  return `${wallClock.slice(0, 10).replaceAll('-', '')}T${wallClock.slice(11, 13)}${wallClock.slice(14, 16)}00`
}

/** Wall-clock milliseconds of a 'YYYY-MM-DDTHH:mm' value, as if it were UTC: differences of these are lengths on the clock. */
function wallMs(wallClock: string) {
  return Date.parse(`${wallClock}:00Z`)
}

function wallFromMs(ms: number) {
  return new Date(ms).toISOString().slice(0, 16)
}

function ruleFor(event: Pick<SchoolEvent, 'startDate' | 'recurrence'>, timeZone: string) {
  const dtstart = icsLocal(utcToZonedTime(event.startDate, timeZone))
  return new RRuleTemporal({ rruleString: `DTSTART;TZID=${timeZone}:${dtstart}\nRRULE:${event.recurrence}`, maxIterations: MAX_OCCURRENCES * 40 })
}

/** One occurrence: the event with this occurrence's start and end. */
function occurrenceAt(event: SchoolEvent, startWall: string, lengthMs: number | null, timeZone: string): SchoolEvent {
  return {
    ...event,
    startDate: zonedTimeToUtc(startWall, timeZone),
    endDate: lengthMs === null ? null : zonedTimeToUtc(wallFromMs(wallMs(startWall) + lengthMs), timeZone),
  }
}

/**
 * Every occurrence of the event (itself alone when it does not repeat),
 * skipping its exceptions, each as the event with that occurrence's times. A
 * series is bounded when it is saved (`checkSeries`), so this list is too.
 * The end keeps the first occurrence's length on the clock.
 */
export function expandEvent(event: SchoolEvent, timeZone: string): SchoolEvent[] {
  if (!event.recurrence) return [event]
  const firstWall = utcToZonedTime(event.startDate, timeZone)
  const lengthMs = event.endDate ? wallMs(utcToZonedTime(event.endDate, timeZone)) - wallMs(firstWall) : null
  const skipped = new Set(event.exceptions)
  const occurrences: SchoolEvent[] = []
  for (const start of ruleFor(event, timeZone).all((_, index) => index < MAX_OCCURRENCES)) {
    const wall = start.toPlainDateTime().toString().slice(0, 16)
    if (!skipped.has(wall.slice(0, 10))) occurrences.push(occurrenceAt(event, wall, lengthMs, timeZone))
  }
  return occurrences
}

/** The occurrences of these events that end (or, without an end, start) at or after `from` and start before `to`, by start. */
export function occurrencesBetween(events: readonly SchoolEvent[], timeZone: string, window: { from: Date; to?: Date }): SchoolEvent[] {
  const from = window.from.toISOString()
  const to = window.to?.toISOString()
  return events
    .flatMap((event) => expandEvent(event, timeZone))
    .filter((occurrence) => (occurrence.endDate ?? occurrence.startDate) >= from && (to === undefined || occurrence.startDate < to))
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id))
}

/**
 * Refuses a series longer than the site shows: at most MAX_OCCURRENCES
 * occurrences, the last within MAX_SERIES_YEARS of the start, and an UNTIL not
 * before the start. Run by the domain on every save, from the form or the API.
 */
export function checkSeries(startIso: string, recurrence: string | null, timeZone: string) {
  if (!recurrence) return
  const parsed = parseRecurrence(recurrence)
  if (!parsed.ok) throw DomainError.invalidField('recurrence', parsed.error)
  const startWall = utcToZonedTime(startIso, timeZone)
  if (parsed.rule.until && parsed.rule.until < startWall.slice(0, 10)) throw DomainError.invalidField('recurrence', RECURRENCE_MESSAGES.untilBeforeStart)
  const limit = new Date(Date.UTC(Number(startWall.slice(0, 4)) + MAX_SERIES_YEARS, Number(startWall.slice(5, 7)) - 1, Number(startWall.slice(8, 10)) + 1))
  const occurrences = ruleFor({ startDate: startIso, recurrence }, timeZone).all((_, index) => index <= MAX_OCCURRENCES)
  const last = occurrences.at(-1)
  if (occurrences.length > MAX_OCCURRENCES || (last && last.epochMilliseconds - MINUTE_MS > limit.getTime())) {
    throw DomainError.invalidField('recurrence', RECURRENCE_MESSAGES.tooLong)
  }
}
