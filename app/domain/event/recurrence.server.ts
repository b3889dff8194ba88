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
const DAY_MS = 24 * 60 * MINUTE_MS

/**
 * A series' last occurrence starts at most MAX_SERIES_YEARS after its first (`checkSeries`), a few days more
 * for leap days and clocks: a series whose first occurrence ended longer ago than that has ended too, and one
 * that is current has all its coming dates within that much time from now.
 */
export const SERIES_SPAN_MS = (MAX_SERIES_YEARS * 366 + 3) * DAY_MS

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

/** Which of a series' occurrences to work out: those ending (or, without an end, starting) at or after `from`, starting before `until`, the first `limit` of them. */
export interface OccurrenceWindow {
  from?: Date
  until?: Date
  limit?: number
}

/**
 * The occurrences of the event in the window (itself alone when it does not
 * repeat), skipping its exceptions, each as the event with that
 * occurrence's times. With `until` only the window's dates are worked out,
 * however long the series; without it all of them (a series is bounded when
 * it is saved, `checkSeries`). The end keeps the first occurrence's length on
 * the clock.
 */
export function expandEvent(event: SchoolEvent, timeZone: string, window: OccurrenceWindow = {}): SchoolEvent[] {
  if (!event.recurrence) return [event]
  const firstWall = utcToZonedTime(event.startDate, timeZone)
  const lengthMs = event.endDate ? wallMs(utcToZonedTime(event.endDate, timeZone)) - wallMs(firstWall) : null
  const skipped = new Set(event.exceptions)
  // An occurrence that started up to its length (and a day for changed clocks) before `from` may still be going on.
  const after = window.from ? window.from.getTime() - (lengthMs ?? 0) - DAY_MS : -Infinity
  const last = window.until?.getTime() ?? Infinity
  const from = window.from?.toISOString()
  const until = window.until?.toISOString()
  const occurrences: SchoolEvent[] = []
  for (const start of seriesStarts(event, timeZone)) {
    if (start.at < after) continue
    if (start.at > last) break
    if (occurrences.length >= (window.limit ?? Infinity)) break
    const wall = start.wall
    if (skipped.has(wall.slice(0, 10))) continue
    const occurrence = occurrenceAt(event, wall, lengthMs, timeZone)
    if ((from && (occurrence.endDate ?? occurrence.startDate) < from) || (until && occurrence.startDate >= until)) continue
    occurrences.push(occurrence)
  }
  return occurrences
}

/** Series whose dates are kept worked out: enough for every current series of a school, a few MB at most. */
const KEPT_SERIES = 200
const keptStarts = new Map<string, { wall: string; at: number }[]>()

/**
 * Every start of a series on the school's clocks (wall clock, and instant in ms), in order: worked out once
 * per series, rule and time zone, then kept. Working them out is what costs (rrule-temporal walks from the
 * first date on each call), and each visit of the calendar, the home page or the feed would do it again for
 * every current series. A series is at most MAX_OCCURRENCES dates (`checkSeries`).
 */
function seriesStarts(event: Pick<SchoolEvent, 'startDate' | 'recurrence'>, timeZone: string) {
  const key = `${timeZone}|${event.startDate}|${event.recurrence}`
  const kept = keptStarts.get(key)
  if (kept) {
    // Most recently used last: the first key is the one to drop.
    keptStarts.delete(key)
    keptStarts.set(key, kept)
    return kept
  }
  const starts = ruleFor(event, timeZone)
    .all((_, index) => index < MAX_OCCURRENCES)
    .map((start) => ({ wall: start.toPlainDateTime().toString().slice(0, 16), at: start.epochMilliseconds }))
  keptStarts.set(key, starts)
  if (keptStarts.size > KEPT_SERIES) keptStarts.delete(keptStarts.keys().next().value!)
  return starts
}

/** The first `limit` occurrences of the event that end (or, without an end, start) at or after `from`: only the dates its series can still reach are worked out. */
export function nextOccurrences(event: SchoolEvent, timeZone: string, from: Date, limit: number): SchoolEvent[] {
  return expandEvent(event, timeZone, { from, until: new Date(Math.max(from.getTime(), Date.parse(event.startDate)) + SERIES_SPAN_MS), limit })
}

/**
 * The occurrences of these events that end (or, without an end, start) at or after `from` and start before `to`, by
 * start. A series is only worked out up to `to` (or `seriesUntil`, for a list that shows single events however far
 * ahead but a series' dates only so far), `seriesLimit` dates at most: the work stays that of the dates shown,
 * however long the series.
 */
export function occurrencesBetween(events: readonly SchoolEvent[], timeZone: string, window: { from: Date; to?: Date; seriesUntil?: Date; seriesLimit?: number }): SchoolEvent[] {
  const from = window.from.toISOString()
  const to = window.to?.toISOString()
  const series = { from: window.from, until: window.to ?? window.seriesUntil, limit: window.seriesLimit }
  return events
    .flatMap((event) => expandEvent(event, timeZone, series))
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
