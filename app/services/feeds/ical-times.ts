import type { ICalTemporalInstantStub, ICalTemporalPlainDateTimeStub, ICalTemporalZonedDateTimeStub } from 'ical-generator'
import { Temporal } from 'temporal-polyfill'
import { wallClockMs, zonedTimeToUtc } from '#app/lib/zoned-time.ts'

/*
 * Times for ical-generator, in the shapes it reads Temporal values in (its
 * stub types), worked out once per date. The polyfill's ZonedDateTime works
 * its wall-clock fields out again from the zone's rules on every read, and
 * ical-generator reads them many times for each date it writes (type checks,
 * putting start before end, formatting), each read making new Temporal
 * objects: that was most of the time a calendar of a few hundred events took
 * to write. What ical-generator does not call while writing (toString,
 * toJSON) is left to Temporal itself.
 */

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

/** An instant: ical-generator reads its milliseconds to put an event's start before its end. */
class Instant implements ICalTemporalInstantStub {
  readonly epochMilliseconds: number

  constructor(epochMilliseconds: number) {
    this.epochMilliseconds = epochMilliseconds
  }

  toZonedDateTimeISO(timeZone: string): ZonedTime {
    return new ZonedTime(this.epochMilliseconds, timeZone)
  }

  toString() {
    return Temporal.Instant.fromEpochMilliseconds(this.epochMilliseconds).toString()
  }

  toJSON() {
    return this.toString()
  }
}

/** A date and time on no zone's clocks in particular: what ical-generator writes after a TZID. */
class WallClockTime implements ICalTemporalPlainDateTimeStub {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number

  /** `wall`: the wall clock as if it were UTC, in milliseconds. */
  constructor(wall: number) {
    const date = new Date(wall)
    this.year = date.getUTCFullYear()
    this.month = date.getUTCMonth() + 1
    this.day = date.getUTCDate()
    this.hour = date.getUTCHours()
    this.minute = date.getUTCMinutes()
    this.second = date.getUTCSeconds()
  }

  toPlainDate() {
    return new Temporal.PlainDate(this.year, this.month, this.day)
  }

  toZonedDateTime(timeZone: string): ZonedTime {
    return ZonedTime.of(zonedTimeToUtc(this.toString(), timeZone), timeZone)
  }

  toString() {
    return `${pad(this.year, 4)}-${pad(this.month)}-${pad(this.day)}T${pad(this.hour)}:${pad(this.minute)}:${pad(this.second)}`
  }

  toJSON() {
    return this.toString()
  }
}

/** An instant on a zone's clocks. */
export class ZonedTime implements ICalTemporalZonedDateTimeStub {
  readonly epochMilliseconds: number
  readonly timeZoneId: string
  readonly #wall: WallClockTime

  constructor(epochMilliseconds: number, timeZoneId: string) {
    this.epochMilliseconds = epochMilliseconds
    this.timeZoneId = timeZoneId
    this.#wall = new WallClockTime(wallClockMs(epochMilliseconds, timeZoneId))
  }

  /** An ISO 8601 instant ('2027-03-14T15:00:00.000Z') on the zone's clocks. */
  static of(iso: string, timeZone: string) {
    return new ZonedTime(Date.parse(iso), timeZone)
  }

  get year() {
    return this.#wall.year
  }

  get month() {
    return this.#wall.month
  }

  get day() {
    return this.#wall.day
  }

  get hour() {
    return this.#wall.hour
  }

  get minute() {
    return this.#wall.minute
  }

  get second() {
    return this.#wall.second
  }

  withTimeZone(timeZone: string): ZonedTime {
    return timeZone === this.timeZoneId ? this : new ZonedTime(this.epochMilliseconds, timeZone)
  }

  toPlainDateTime(): WallClockTime {
    return this.#wall
  }

  toPlainDate() {
    return this.#wall.toPlainDate()
  }

  toInstant(): Instant {
    return new Instant(this.epochMilliseconds)
  }

  toString() {
    return Temporal.Instant.fromEpochMilliseconds(this.epochMilliseconds).toZonedDateTimeISO(this.timeZoneId).toString()
  }

  toJSON() {
    return this.toString()
  }
}
