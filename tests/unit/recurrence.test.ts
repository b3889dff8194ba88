import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { googleCalendarUrl } from '#app/domain/event/calendar-export.ts'
import type { SchoolEvent } from '#app/domain/event/event.ts'
import { monthGrid, parseMonth, shiftMonth } from '#app/domain/event/month-grid.ts'
import { describeRecurrence, parseExceptionDates, parseRecurrence } from '#app/domain/event/recurrence.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'

function words(rule: string) {
  const parsed = parseRecurrence(rule)
  if (!parsed.ok) throw new Error(parsed.error)
  return describeRecurrence(parsed.rule)
}

function schoolEvent(overrides: Partial<SchoolEvent>): SchoolEvent {
  return {
    id: 'e1',
    status: 'published',
    slug: 'chess-club',
    title: 'Chess Club',
    description: null,
    startDate: '2026-10-20T08:00:00.000Z',
    endDate: '2026-10-20T09:00:00.000Z',
    imageUrl: null,
    allDay: false,
    location: null,
    mapUrl: null,
    category: null,
    recurrence: null,
    exceptions: [],
    ...overrides,
  }
}

describe('repeat rules', () => {
  test('are put into words for visitors', () => {
    expect(words('FREQ=WEEKLY;BYDAY=TU;UNTIL=20270701')).toBe('Every Tuesday until July 1, 2027')
    expect(words('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=10')).toBe('Every 2 weeks on Monday and Wednesday, 10 times')
    expect(words('FREQ=MONTHLY;BYDAY=1FR;COUNT=1')).toBe('Every month on the first Friday, 1 time')
    expect(words('FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20270101')).toBe('Every month on the last day until January 1, 2027')
    expect(words('FREQ=DAILY;COUNT=5')).toBe('Every day, 5 times')
  })

  test('a place in the month is for monthly rules only; days of the month too', () => {
    expect(parseRecurrence('FREQ=WEEKLY;BYDAY=1FR;COUNT=3').ok).toBe(false)
    expect(parseRecurrence('FREQ=WEEKLY;BYMONTHDAY=3;COUNT=3').ok).toBe(false)
    expect(parseRecurrence('FREQ=MONTHLY;BYMONTHDAY=0;COUNT=3').ok).toBe(false)
    expect(parseRecurrence('FREQ=WEEKLY;;COUNT=3').ok).toBe(false)
    expect(parseRecurrence('FREQ=WEEKLY;COUNT=3;COUNT=4').ok).toBe(false)
  })

  test('skipped dates are real dates, sorted, each once', () => {
    expect(parseExceptionDates('2026-12-29, 2026-12-22\n2026-12-22')).toEqual(['2026-12-22', '2026-12-29'])
    expect(parseExceptionDates('2026-02-30')).toBeNull()
    expect(parseExceptionDates('')).toEqual([])
  })
})

describe('the month grid', () => {
  test('runs Monday to Sunday over whole weeks, an event over several days on each of them', () => {
    const weeks = monthGrid('2026-12', [schoolEvent({ allDay: true, startDate: '2026-12-31T00:00:00.000Z', endDate: '2027-01-02T00:00:00.000Z' })], 'UTC')
    expect(weeks[0]![0]!.date).toBe('2026-11-30')
    expect(weeks.at(-1)!.at(-1)!.date).toBe('2027-01-03')
    expect(weeks.every((week) => week.length === 7)).toBe(true)
    const withEvent = weeks.flat().filter((day) => day.events.length > 0).map((day) => [day.date, day.inMonth])
    expect(withEvent).toEqual([
      ['2026-12-31', true],
      ['2027-01-01', false],
      ['2027-01-02', false],
    ])
  })

  test('puts a date on the days its start and end show on the school\'s clocks, across clock changes (at midnight too)', () => {
    const zones = ['UTC', 'Europe/London', 'America/New_York', 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Beirut']
    // Months with clock changes in these zones, and instants from a week before to a week after each.
    const months = ['2026-03', '2026-04', '2026-09', '2026-10', '2026-11']
    const instant = (month: string) => fc.integer({ min: Date.parse(`${month}-01T00:00:00Z`) - 7 * 86_400_000, max: Date.parse(`${month}-01T00:00:00Z`) + 38 * 86_400_000 })
    const arbitrary = fc.constantFrom(...months).chain((month) =>
      fc.record({
        month: fc.constant(month),
        timeZone: fc.constantFrom(...zones),
        dates: fc.array(fc.tuple(instant(month), fc.option(fc.integer({ min: -3_600_000, max: 4 * 86_400_000 }))), { maxLength: 8 }),
      }),
    )
    fc.assert(
      fc.property(arbitrary, ({ month, timeZone, dates }) => {
        const events = dates.map(([start, length], index) =>
          schoolEvent({ id: `e${index}`, startDate: new Date(start).toISOString(), endDate: length === null ? null : new Date(start + length).toISOString() }),
        )
        const day = (iso: string) => utcToZonedTime(iso, timeZone).slice(0, 10)
        for (const { date, events: placed } of monthGrid(month, events, timeZone).flat()) {
          const expected = events.filter((event) => {
            const to = event.endDate && event.endDate > event.startDate ? day(event.endDate) : day(event.startDate)
            return day(event.startDate) <= date && date <= to
          })
          expect(placed.map((event) => event.id)).toEqual(expected.map((event) => event.id))
        }
      }),
      { numRuns: 300 },
    )
  })

  test('months are checked and shifted across years', () => {
    expect(parseMonth('2026-13')).toBeNull()
    expect(parseMonth('9999-01')).toBeNull()
    expect(parseMonth('2026-12')).toBe('2026-12')
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(shiftMonth('2027-01', -1)).toBe('2026-12')
  })
})

describe('the Google Calendar link', () => {
  test('a repeating event carries its rule with UNTIL in UTC, times in UTC and the school\'s zone', () => {
    const url = new URL(googleCalendarUrl(schoolEvent({ recurrence: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20261117', location: 'Library' }), 'Europe/London', 'https://school.example'))
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Chess Club',
      dates: '20261020T080000Z/20261020T090000Z',
      details: 'https://school.example/calendar/chess-club',
      location: 'Library',
      ctz: 'Europe/London',
      recur: 'RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20261117T235959Z',
    })
  })

  test('an all-day event is dates, the end the day after its last', () => {
    const url = new URL(googleCalendarUrl(schoolEvent({ allDay: true, startDate: '2026-10-25T23:00:00.000Z', endDate: '2026-10-26T23:00:00.000Z' }), 'Europe/Paris', 'https://school.example'))
    expect(url.searchParams.get('dates')).toBe('20261026/20261028')
  })
})
