import { z } from 'zod'
import { config } from '#app/lib/env.server.ts'
import { isWallClockTime, utcToZonedTime } from '#app/lib/zoned-time.ts'

const WITH_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)$/

/** A time the API accepts: an instant with an offset, or a wall-clock time of the school's zone. */
export function isApiTime(value: string): boolean {
  return isWallClockTime(value) || (WITH_OFFSET.test(value) && !Number.isNaN(Date.parse(value)))
}

/** The form's wall-clock value for an API time: an instant with an offset is read on the school's clocks. */
export function wallClock(value: string): string {
  return isWallClockTime(value) ? value : utcToZonedTime(new Date(value).toISOString(), config.timeZone)
}

export const API_TIME_DESCRIPTION =
  'ISO 8601 with an offset (2026-12-01T09:00:00+01:00 or …Z), stored to the minute. Without an offset (2026-12-01T09:00) it is read on the site\'s time zone clocks, as the form reads it.'

/** A required API time field, with the form's messages; `dateAlone` also accepts the dates it names (an all-day event's). */
export function apiTime(requiredMessage: string, invalidMessage: string, { dateAlone }: { dateAlone?: (value: string) => boolean } = {}) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((value) => isApiTime(value) || (dateAlone?.(value) ?? false), invalidMessage)
}
