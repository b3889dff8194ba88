import { utcToZonedTime } from '#app/lib/zoned-time.ts'
import type { SchoolEvent } from './event.ts'

/** 'YYYY-MM' */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

/** What the grid needs of a date to place it on its days. */
type Dated = Pick<SchoolEvent, 'startDate' | 'endDate'>

export interface MonthDay<Event extends Dated = SchoolEvent> {
  /** 'YYYY-MM-DD' on the school's clocks. */
  date: string
  inMonth: boolean
  events: Event[]
}

/** A month the calendar can show ('2026-12'), or null for anything else; years far off are refused too. */
export function parseMonth(value: string | null): string | null {
  const match = value ? MONTH.exec(value) : null
  if (!match) return null
  const year = Number(match[1])
  return year >= 1970 && year <= 2200 ? value : null
}

function addDays(date: string, days: number) {
  const day = new Date(`${date}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

/** The month before or after ('2026-12', 1 → '2027-01'). */
export function shiftMonth(month: string, months: number): string {
  const day = new Date(`${month}-01T00:00:00Z`)
  day.setUTCMonth(day.getUTCMonth() + months)
  return day.toISOString().slice(0, 7)
}

/** The month of an instant on the school's clocks. */
export function monthOf(iso: string, timeZone: string): string {
  return utcToZonedTime(iso, timeZone).slice(0, 7)
}

/**
 * The month as weeks from Monday to Sunday, each day with the occurrences
 * that happen on it on the school's clocks (an event over several days on
 * each of them).
 */
export function monthGrid<Event extends Dated>(month: string, occurrences: readonly Event[], timeZone: string): MonthDay<Event>[][] {
  const first = `${month}-01`
  const mondayOffset = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7
  const start = addDays(first, -mondayOffset)
  const lastOfMonth = addDays(`${shiftMonth(month, 1)}-01`, -1)
  // Each date's days once, not once per day of the grid: a busy month has hundreds of dates, each a time zone conversion.
  const spans = occurrences.map((event) => {
    const from = utcToZonedTime(event.startDate, timeZone).slice(0, 10)
    const to = event.endDate && event.endDate > event.startDate ? utcToZonedTime(event.endDate, timeZone).slice(0, 10) : from
    return { event, from, to }
  })
  const weeks: MonthDay<Event>[][] = []
  for (let date = start; date <= lastOfMonth || weeks.at(-1)?.length !== 7; ) {
    if (!weeks.at(-1) || weeks.at(-1)!.length === 7) weeks.push([])
    const events = spans.filter(({ from, to }) => from <= date && date <= to).map(({ event }) => event)
    weeks.at(-1)!.push({ date, inMonth: date.startsWith(month), events })
    date = addDays(date, 1)
  }
  return weeks
}
