import { describe, expect, test } from 'vitest'
import { isWallClockTime, utcToZonedTime, zonedTimeToUtc } from '#app/lib/zoned-time.ts'

describe('zonedTimeToUtc', () => {
  test.each([
    // New York: EST (-5) in winter, EDT (-4) in summer.
    ['America/New_York', '2027-01-15T09:30', '2027-01-15T14:30:00.000Z'],
    ['America/New_York', '2027-07-04T21:00', '2027-07-05T01:00:00.000Z'],
    ['America/New_York', '2027-03-13T23:59', '2027-03-14T04:59:00.000Z'],
    ['America/New_York', '2027-03-14T00:00', '2027-03-14T05:00:00.000Z'],
    ['America/New_York', '2027-03-14T03:00', '2027-03-14T07:00:00.000Z'],
    ['America/New_York', '2027-11-07T00:00', '2027-11-07T04:00:00.000Z'],
    ['America/New_York', '2027-11-07T03:00', '2027-11-07T08:00:00.000Z'],
    // London: GMT in winter, BST (+1) from the last Sunday of March.
    ['Europe/London', '2027-01-10T08:00', '2027-01-10T08:00:00.000Z'],
    ['Europe/London', '2027-03-28T00:30', '2027-03-28T00:30:00.000Z'],
    ['Europe/London', '2027-03-28T02:30', '2027-03-28T01:30:00.000Z'],
    ['Europe/London', '2027-06-01T12:00', '2027-06-01T11:00:00.000Z'],
    // Tokyo: +9 all year, and the date moves back a day in UTC.
    ['Asia/Tokyo', '2027-04-01T08:00', '2027-03-31T23:00:00.000Z'],
    ['Asia/Tokyo', '2027-01-01T00:00', '2026-12-31T15:00:00.000Z'],
    // Auckland: NZDT (+13) in the southern summer, NZST (+12) in winter.
    ['Pacific/Auckland', '2027-01-20T10:00', '2027-01-19T21:00:00.000Z'],
    ['Pacific/Auckland', '2027-07-20T10:00', '2027-07-19T22:00:00.000Z'],
    ['Pacific/Auckland', '2027-09-26T03:00', '2027-09-25T14:00:00.000Z'],
    ['Pacific/Auckland', '2027-04-04T03:00', '2027-04-03T15:00:00.000Z'],
    ['UTC', '2027-05-05T05:05:05', '2027-05-05T05:05:05.000Z'],
  ])('%s %s is %s', (timeZone, wallClock, instant) => {
    expect(zonedTimeToUtc(wallClock, timeZone)).toBe(instant)
    expect(utcToZonedTime(instant, timeZone)).toBe(wallClock.slice(0, 16))
  })

  test('a time the clocks skip when they go forward moves on by the gap', () => {
    // New York, 14 March 2027: 02:00 EST becomes 03:00 EDT, so 02:30 never happens.
    expect(zonedTimeToUtc('2027-03-14T02:30', 'America/New_York')).toBe('2027-03-14T07:30:00.000Z')
    expect(utcToZonedTime('2027-03-14T07:30:00.000Z', 'America/New_York')).toBe('2027-03-14T03:30')
    // Auckland, 26 September 2027: 02:00 NZST becomes 03:00 NZDT.
    expect(zonedTimeToUtc('2027-09-26T02:15', 'Pacific/Auckland')).toBe('2027-09-25T14:15:00.000Z')
    expect(utcToZonedTime('2027-09-25T14:15:00.000Z', 'Pacific/Auckland')).toBe('2027-09-26T03:15')
    // London, 28 March 2027: 01:00 GMT becomes 02:00 BST.
    expect(zonedTimeToUtc('2027-03-28T01:30', 'Europe/London')).toBe('2027-03-28T01:30:00.000Z')
  })

  test('a time the clocks show twice when they go back is the first of the two', () => {
    // New York, 7 November 2027: 01:30 happens in EDT, then again in EST.
    expect(zonedTimeToUtc('2027-11-07T01:30', 'America/New_York')).toBe('2027-11-07T05:30:00.000Z')
    expect(utcToZonedTime('2027-11-07T05:30:00.000Z', 'America/New_York')).toBe('2027-11-07T01:30')
    expect(utcToZonedTime('2027-11-07T06:30:00.000Z', 'America/New_York')).toBe('2027-11-07T01:30')
    // London, 31 October 2027: 01:30 BST, then 01:30 GMT.
    expect(zonedTimeToUtc('2027-10-31T01:30', 'Europe/London')).toBe('2027-10-31T00:30:00.000Z')
    // Auckland, 4 April 2027: 02:30 NZDT, then 02:30 NZST.
    expect(zonedTimeToUtc('2027-04-04T02:30', 'Pacific/Auckland')).toBe('2027-04-03T13:30:00.000Z')
  })

  test('every 90 minutes of a year in New York and Auckland survives the round trip', () => {
    for (const timeZone of ['America/New_York', 'Pacific/Auckland']) {
      const start = Date.UTC(2027, 0, 1)
      for (let instant = start; instant < start + 365 * 24 * 3600 * 1000; instant += 90 * 60 * 1000) {
        const iso = new Date(instant).toISOString()
        const wallClock = utcToZonedTime(iso, timeZone)
        const back = zonedTimeToUtc(wallClock, timeZone)
        // The second pass through a repeated hour maps to the first pass, an hour earlier.
        expect([iso, new Date(instant - 3600 * 1000).toISOString()]).toContain(back)
        expect(utcToZonedTime(back, timeZone)).toBe(wallClock)
      }
    }
  })

  test('refuses what is not a real date and time', () => {
    expect(() => zonedTimeToUtc('2027-02-30T10:00', 'Europe/London')).toThrow(RangeError)
    expect(() => zonedTimeToUtc('next tuesday', 'Europe/London')).toThrow(RangeError)
  })
})

describe('isWallClockTime', () => {
  test.each([
    ['2027-03-14T09:00', true],
    ['2027-03-14T09:00:30', true],
    ['2028-02-29T00:00', true],
    ['2027-02-29T00:00', false],
    ['2027-13-01T00:00', false],
    ['2027-03-14T24:00', false],
    ['2027-03-14', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isWallClockTime(value)).toBe(expected)
  })
})
