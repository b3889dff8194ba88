import { Temporal } from 'temporal-polyfill'
import { describe, expect, test } from 'vitest'
import { ZonedTime } from '#app/services/feeds/ical-times.ts'

const fields = (time: { year: number; month: number; day: number; hour: number; minute: number; second: number }) => [time.year, time.month, time.day, time.hour, time.minute, time.second]

describe('ZonedTime', () => {
  // The calendar feed's bytes must not depend on which of the two worked a date out.
  test.each(['America/New_York', 'Europe/London', 'Pacific/Auckland', 'Australia/Lord_Howe', 'UTC'])('every 37 minutes of a year in %s reads as Temporal reads it', (timeZone) => {
    const start = Date.UTC(2027, 0, 1)
    for (let instant = start; instant < start + 365 * 24 * 3600 * 1000; instant += 37 * 60 * 1000 + 17_000) {
      const ours = new ZonedTime(instant, timeZone)
      const temporal = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone)
      expect(fields(ours)).toEqual(fields(temporal))
      expect(ours.toString()).toBe(temporal.toString())
      expect(ours.toPlainDateTime().toString()).toBe(temporal.toPlainDateTime().toString())
      expect(ours.toInstant().epochMilliseconds).toBe(instant)
    }
  })

  test('a wall clock put back on its zone is the instant Temporal picks, on the days the clocks change too', () => {
    for (const iso of ['2027-11-07T05:30:00.000Z', '2027-11-07T06:30:00.000Z', '2027-03-14T07:30:00.000Z', '2027-07-01T16:00:00.000Z']) {
      const wall = ZonedTime.of(iso, 'America/New_York').toPlainDateTime()
      const temporal = Temporal.PlainDateTime.from(wall.toString()).toZonedDateTime('America/New_York')
      expect(wall.toZonedDateTime('America/New_York').epochMilliseconds).toBe(temporal.epochMilliseconds)
    }
  })
})
