import { dateTimeFormat } from '#app/lib/date-formatters.ts'
import { countLeading } from '#app/lib/sorted-search.ts'
import { utcToZonedTime, wallClockMs, zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import type { SchoolEvent } from './event.ts'

/** 'YYYY-MM' */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

/** What the grid needs of a date to place it on its days. */
type Dated = Pick<SchoolEvent, 'startDate' | 'endDate'>

/** A month grid's column headings, Monday first: the short name shown and the whole name read out. */
export const WEEKDAY_HEADINGS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const

/** 'December 2026' for '2026-12'. */
export function monthName(month: string) {
  return dateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))
}

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

/** The instant (ISO) each of these consecutive days ('YYYY-MM-DD') begins on the zone's clocks, as `zonedTimeToUtc` gives it. */
function dayStartsOf(dates: readonly string[], timeZone: string) {
  const starts: string[] = []
  let offsetMs: number | null = null
  for (const date of dates) {
    const midnight = Date.parse(`${date}T00:00:00Z`)
    // Midnight at the day before's offset, when the clocks read midnight then (one Intl format): a full conversion
    // is several, and the offset changes on a day or two a year. Offsets change at most once a day, so a midnight
    // the clocks show twice is the earlier, as zonedTimeToUtc takes it.
    let start: number | null = offsetMs === null ? null : midnight - offsetMs
    if (start === null || wallClockMs(start, timeZone) !== midnight) start = Date.parse(zonedTimeToUtc(`${date}T00:00`, timeZone))
    offsetMs = midnight - start
    starts.push(new Date(start).toISOString())
  }
  return starts
}

/**
 * The month as weeks from Monday to Sunday, each day with the occurrences
 * that happen on it on the school's clocks (an event over several days on
 * each of them).
 */
export function monthGrid<Event extends Dated>(month: string, occurrences: readonly Event[], timeZone: string): MonthDay<Event>[][] {
  const first = `${month}-01`
  const mondayOffset = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7
  const lastOfMonth = addDays(`${shiftMonth(month, 1)}-01`, -1)
  const days: MonthDay<Event>[] = []
  for (let date = addDays(first, -mondayOffset); date <= lastOfMonth || days.length % 7 !== 0; date = addDays(date, 1)) {
    days.push({ date, inMonth: date.startsWith(month), events: [] })
  }
  // The instant each day begins on the school's clocks, and the day after the grid: a date is placed by comparing its
  // instants with these, not by converting each (a busy month has hundreds of dates).
  const dayStarts = dayStartsOf([...days.map(({ date }) => date), addDays(days.at(-1)!.date, 1)], timeZone)
  // The day holding an instant, -1 before the grid, days.length after it.
  const dayOf = (instant: string) => countLeading(dayStarts, (start) => start <= instant) - 1
  for (const event of occurrences) {
    const from = dayOf(event.startDate)
    const to = event.endDate && event.endDate > event.startDate ? dayOf(event.endDate) : from
    for (let day = Math.max(from, 0); day <= Math.min(to, days.length - 1); day++) days[day]!.events.push(event)
  }
  const weeks: MonthDay<Event>[][] = []
  for (let week = 0; week < days.length; week += 7) weeks.push(days.slice(week, week + 7))
  return weeks
}
