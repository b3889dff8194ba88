/**
 * Wall-clock times in a named time zone (what a `datetime-local` input shows)
 * and the UTC instants we store, converted both ways with Intl alone.
 */

import { dateTimeFormat } from './date-formatters.ts'

/** A `datetime-local` value: 'YYYY-MM-DDTHH:mm', optionally with ':ss' and then '.sss'. */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/

const DAY_MS = 24 * 60 * 60 * 1000

function formatterFor(timeZone: string) {
  return dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
}

/** The formatter's text: month, day, year, hour, minute, second, between whatever separators ICU writes. */
const FORMATTED = /^(\d+)\D+(\d+)\D+(\d+)\D+(\d+)\D+(\d+)\D+(\d+)$/

/** The zone's wall clock at an instant, as if that wall clock were UTC (milliseconds, whole seconds). */
export function wallClockMs(instantMs: number, timeZone: string): number {
  // Reading the formatted text is twice as fast as formatToParts, which builds an object per field.
  const text = formatterFor(timeZone).format(instantMs)
  const match = FORMATTED.exec(text)
  if (!match) throw new RangeError(`Unexpected date text from Intl: ${JSON.stringify(text)}`)
  const [month, day, year, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number]
  return Date.UTC(year, month - 1, day, hour, minute, second)
}

/** The zone's offset from UTC at an instant, in milliseconds (New York in winter: -5 h). */
function offsetMs(instantMs: number, timeZone: string): number {
  const wholeSeconds = Math.floor(instantMs / 1000) * 1000
  return wallClockMs(wholeSeconds, timeZone) - wholeSeconds
}

/** The wall-clock fields of a `datetime-local` value as milliseconds, or null when it is not a real date and time. */
function parseWallClock(value: string): number | null {
  const match = WALL_CLOCK.exec(value)
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((field) => Number(field ?? 0)) as [number, number, number, number, number, number]
  const millisecond = Number((match[7] ?? '').padEnd(3, '0'))
  const ms = Date.UTC(year, month - 1, day, hour, minute, second, millisecond)
  const date = new Date(ms)
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60
  return real ? ms : null
}

export function isWallClockTime(value: string): boolean {
  return parseWallClock(value) !== null
}

/**
 * The UTC instant (ISO 8601) at which the zone's clocks read `wallClock`.
 * Like Temporal's 'compatible' choice: a time that happens twice (clocks
 * going back) is the earlier one; a time skipped by clocks going forward
 * moves forward by the gap (02:30 becomes 03:30).
 */
export function zonedTimeToUtc(wallClock: string, timeZone: string): string {
  const wallWithFraction = parseWallClock(wallClock)
  if (wallWithFraction === null) throw new RangeError(`Not a date and time: ${JSON.stringify(wallClock)}`)
  // Offsets are read to the second; the fraction of a second rides along unchanged.
  const fraction = wallWithFraction % 1000
  const wall = wallWithFraction - fraction
  // Zones change offset at most once within a day either side, so these two offsets cover every case.
  const offsetBefore = offsetMs(wall - DAY_MS, timeZone)
  const offsetAfter = offsetMs(wall + DAY_MS, timeZone)
  const candidates = [wall - offsetBefore, wall - offsetAfter].filter((instant) => wallClockMs(instant, timeZone) === wall)
  const instant = candidates.length > 0 ? Math.min(...candidates) : wall - offsetBefore
  return new Date(instant + fraction).toISOString()
}

/** The `datetime-local` value ('YYYY-MM-DDTHH:mm') showing an instant on the zone's clocks. */
export function utcToZonedTime(iso: string, timeZone: string): string {
  return new Date(wallClockMs(new Date(iso).getTime(), timeZone)).toISOString().slice(0, 16)
}
