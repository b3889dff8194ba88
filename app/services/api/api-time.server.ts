import { z } from 'zod'
import { isWallClockTime, utcToZonedTime } from '#app/lib/zoned-time.ts'

const WITH_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)$/

/** Whether an API time is finer than a millisecond: times are kept to the millisecond, so it is refused rather than cut. */
export function isFinerThanMillisecond(value: string): boolean {
  return /\.\d{3}\d*[1-9]/.test(value)
}

/** A time the API accepts: an instant with an offset (to the millisecond), or a wall-clock time of the school's zone. */
export function isApiTime(value: string): boolean {
  return isWallClockTime(value) || (WITH_OFFSET.test(value) && !Number.isNaN(Date.parse(value)) && !isFinerThanMillisecond(value))
}

/**
 * The form's wall-clock value for an API time: an instant with an offset is
 * read on the school's clocks, with its seconds and milliseconds when it has
 * any, so a time is stored as sent.
 */
export function wallClock(value: string, timeZone: string): string {
  if (isWallClockTime(value)) return value
  const instant = new Date(value)
  const minute = utcToZonedTime(instant.toISOString(), timeZone)
  const seconds = instant.getUTCSeconds()
  const milliseconds = instant.getUTCMilliseconds()
  if (seconds === 0 && milliseconds === 0) return minute
  return `${minute}:${String(seconds).padStart(2, '0')}${milliseconds ? `.${String(milliseconds).padStart(3, '0')}` : ''}`
}

export const API_TIME_DESCRIPTION =
  'ISO 8601 with an offset (2026-12-01T09:00:00+01:00 or …Z), stored as sent, to the millisecond (a finer time is refused). Without an offset (2026-12-01T09:00 or 2026-12-01T09:00:30) it is read on the site\'s time zone clocks, as the form reads it.'

/** A required API time field, with the form's messages; `dateAlone` also accepts the dates it names (an all-day event's). */
export function apiTime(requiredMessage: string, invalidMessage: string, { dateAlone }: { dateAlone?: (value: string) => boolean } = {}) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((value) => isApiTime(value) || (dateAlone?.(value) ?? false), invalidMessage)
}
