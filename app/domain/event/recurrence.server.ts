import { RRuleTemporal } from 'rrule-temporal'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { countLeading } from '#app/lib/sorted-search.ts'
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
  const series = keptSeries(event, timeZone)
  const ends = event.endDate === null ? null : keptEnds(series, event.endDate, timeZone)
  const skipped = new Set(event.exceptions)
  // An occurrence that started up to its length (and a day for changed clocks) before `from` may still be going on.
  const after = window.from ? window.from.getTime() - (ends?.lengthMs ?? 0) - DAY_MS : -Infinity
  const last = window.until?.getTime() ?? Infinity
  const from = window.from?.toISOString()
  const until = window.until?.toISOString()
  const limit = window.limit ?? Infinity
  const occurrences: SchoolEvent[] = []
  for (let index = countLeading(series.at, (at) => at < after); index < series.at.length; index++) {
    if (series.at[index]! > last || occurrences.length >= limit) break
    const wall = series.wallMs[index]!
    if (skipped.size > 0 && skipped.has(wallFromMs(wall).slice(0, 10))) continue
    // The wall clock's instant as the site reads a typed time, not rrule-temporal's: a time the clocks show twice is the earlier.
    const startDate = (series.startDates[index] ??= zonedTimeToUtc(wallFromMs(wall), timeZone))
    const endDate = ends === null ? null : (ends.endDates[index] ??= zonedTimeToUtc(wallFromMs(wall + ends.lengthMs), timeZone))
    if ((from && (endDate ?? startDate) < from) || (until && startDate >= until)) continue
    occurrences.push({ ...event, startDate, endDate })
  }
  return occurrences
}

/*
 * A series' dates are kept with the UTC instants (ISO) of their starts and ends, each converted the first time a
 * page shows that date: a page then picks the dates of its window by comparing instants. Converting a wall clock
 * to UTC costs several Intl formats, and a month view shows hundreds of dates.
 */

/** The occurrences' length on the clock for one end of the first occurrence, and each date's end instant once shown. */
interface KeptEnds {
  lengthMs: number
  endDates: (string | undefined)[]
}

interface KeptSeries {
  /** The first occurrence's start on the school's clocks: the length is kept from it. */
  firstWall: string
  /** Each start on the school's clocks (`wallMs`) and its instant in ms as rrule-temporal gives it, in order. */
  wallMs: Float64Array
  at: Float64Array
  /** Each start's instant once shown. */
  startDates: (string | undefined)[]
  /** By the first occurrence's end (ISO): events sharing a rule and first date may end at different times. */
  ends: Map<string, KeptEnds>
}

/** Ends kept per series: one in practice (the event's), a few when events share a rule and first date. */
const KEPT_ENDS = 4

function keptEnds(series: KeptSeries, endDate: string, timeZone: string): KeptEnds {
  let ends = series.ends.get(endDate)
  if (!ends) {
    if (series.ends.size >= KEPT_ENDS) series.ends.clear()
    ends = { lengthMs: wallMs(utcToZonedTime(endDate, timeZone)) - wallMs(series.firstWall), endDates: new Array<string | undefined>(series.at.length) }
    series.ends.set(endDate, ends)
  }
  return ends
}

/** Series whose dates are kept worked out: enough for every current series of a school; 200 series of 500 dates, every date shown, are about 13 MB. */
const KEPT_SERIES = 200
const kept = new Map<string, KeptSeries>()

/**
 * A series: every start on the school's clocks (wall clock, and instant in ms), in order, worked out once
 * per series, rule and time zone, then kept. Working them out is what costs (rrule-temporal walks from the
 * first date on each call), and each visit of the calendar, the home page or the feed would do it again for
 * every current series. A series is at most MAX_OCCURRENCES dates (`checkSeries`).
 */
function keptSeries(event: Pick<SchoolEvent, 'startDate' | 'recurrence'>, timeZone: string): KeptSeries {
  const key = `${timeZone}|${event.startDate}|${event.recurrence}`
  const found = kept.get(key)
  if (found) {
    // Most recently used last: the first key is the one to drop.
    kept.delete(key)
    kept.set(key, found)
    return found
  }
  const starts = ruleFor(event, timeZone).all((_, index) => index < MAX_OCCURRENCES)
  const series: KeptSeries = {
    firstWall: utcToZonedTime(event.startDate, timeZone),
    wallMs: Float64Array.from(starts, (start) => wallMs(start.toPlainDateTime().toString().slice(0, 16))),
    at: Float64Array.from(starts, (start) => start.epochMilliseconds),
    startDates: new Array<string | undefined>(starts.length),
    ends: new Map(),
  }
  kept.set(key, series)
  if (kept.size > KEPT_SERIES) kept.delete(kept.keys().next().value!)
  return series
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
