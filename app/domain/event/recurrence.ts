/**
 * The repeat rules an event may have: a small part of RFC 5545's RRULE that
 * a school's year needs (every day, every N weeks on some weekdays, every
 * month), checked the same way by the form, the content API and the server,
 * and put into words for visitors. Expansion is recurrence.server.ts's job.
 * See docs/product-rules.md#events-and-calendar.
 */

import { dateTimeFormat } from '#app/lib/date-formatters.ts'

export const RECURRENCE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number]

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
}

/** A series may not run longer than this: the site, the feed and every calendar app show the same dates. */
export const MAX_OCCURRENCES = 500
export const MAX_SERIES_YEARS = 2
export const MAX_INTERVAL = 99
export const MAX_EXCEPTIONS = 100

export const RECURRENCE_MESSAGES = {
  invalid:
    'Repeat rule must be an RRULE with FREQ=DAILY, WEEKLY or MONTHLY and only INTERVAL, BYDAY, BYMONTHDAY, and an end: UNTIL=a last date, or COUNT=a number of times (for example FREQ=WEEKLY;BYDAY=TU;UNTIL=20270701)',
  needsEnd: 'Choose when the series ends: on a date, or after a number of times.',
  untilAndCount: 'A series ends either on a date or after a number of times, not both',
  count: `The number of times must be a whole number from 1 to ${MAX_OCCURRENCES}`,
  interval: `Repeat every 1 to ${MAX_INTERVAL} days, weeks or months`,
  tooLong: `A repeating event must end within ${MAX_SERIES_YEARS} years of its start`,
  untilBeforeStart: 'The series must not end before its start date',
  exceptions: 'Skipped dates must be dates like 2026-12-24, separated by commas',
  tooManyExceptions: `At most ${MAX_EXCEPTIONS} skipped dates`,
} as const

export interface RecurrenceRule {
  freq: RecurrenceFrequency
  interval: number
  /** Weekdays, each optionally with its place in the month for MONTHLY ('1MO', '-1FR'). */
  byDay: string[]
  byMonthDay: number[]
  /** 'YYYY-MM-DD': the last date (inclusive) on the school's clocks. */
  until: string | null
  count: number | null
}

const ALLOWED_PARTS = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'UNTIL', 'COUNT'])
const WEEKDAY_WITH_ORDINAL = /^([+-]?[1-5])?(MO|TU|WE|TH|FR|SA|SU)$/
const UNTIL_FORMAT = /^(\d{4})(\d{2})(\d{2})(?:T\d{6}Z?)?$/
const WHOLE_NUMBER = /^\d{1,4}$/
const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** 'YYYY-MM-DD' of a real calendar date. */
export function isPlainDate(value: string): boolean {
  const match = PLAIN_DATE.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** The rule in `value` (an RRULE value, optionally starting 'RRULE:'), or the message saying what is wrong. */
export function parseRecurrence(value: string): { ok: true; rule: RecurrenceRule } | { ok: false; error: string } {
  const fail = (error: string) => ({ ok: false as const, error })
  const text = value.trim().replace(/^RRULE:/i, '').toUpperCase()
  const parts = new Map<string, string>()
  for (const part of text.split(';')) {
    const [key, partValue, extra] = part.split('=')
    if (!key || partValue === undefined || extra !== undefined || !ALLOWED_PARTS.has(key) || parts.has(key) || partValue === '') return fail(RECURRENCE_MESSAGES.invalid)
    parts.set(key, partValue)
  }
  const freq = parts.get('FREQ') as RecurrenceFrequency | undefined
  if (!freq || !RECURRENCE_FREQUENCIES.includes(freq)) return fail(RECURRENCE_MESSAGES.invalid)

  const intervalText = parts.get('INTERVAL') ?? '1'
  const interval = Number(intervalText)
  if (!WHOLE_NUMBER.test(intervalText) || interval < 1 || interval > MAX_INTERVAL) return fail(RECURRENCE_MESSAGES.interval)

  const byDay = parts.has('BYDAY') ? parts.get('BYDAY')!.split(',') : []
  for (const day of byDay) {
    const match = WEEKDAY_WITH_ORDINAL.exec(day)
    // A place in the month ('2TU', the second Tuesday) only means something month by month.
    if (!match || (match[1] && freq !== 'MONTHLY')) return fail(RECURRENCE_MESSAGES.invalid)
  }
  const byMonthDay = parts.has('BYMONTHDAY') ? parts.get('BYMONTHDAY')!.split(',').map(Number) : []
  if (byMonthDay.some((day) => !Number.isInteger(day) || day === 0 || day < -31 || day > 31) || (byMonthDay.length > 0 && freq !== 'MONTHLY')) {
    return fail(RECURRENCE_MESSAGES.invalid)
  }

  if (parts.has('UNTIL') && parts.has('COUNT')) return fail(RECURRENCE_MESSAGES.untilAndCount)
  let until: string | null = null
  if (parts.has('UNTIL')) {
    const match = UNTIL_FORMAT.exec(parts.get('UNTIL')!)
    until = match ? `${match[1]}-${match[2]}-${match[3]}` : null
    if (!until || !isPlainDate(until)) return fail(RECURRENCE_MESSAGES.invalid)
  }
  let count: number | null = null
  if (parts.has('COUNT')) {
    const countText = parts.get('COUNT')!
    count = Number(countText)
    if (!WHOLE_NUMBER.test(countText) || count < 1 || count > MAX_OCCURRENCES) return fail(RECURRENCE_MESSAGES.count)
  }
  if (until === null && count === null) return fail(RECURRENCE_MESSAGES.needsEnd)
  return { ok: true, rule: { freq, interval, byDay, byMonthDay, until, count } }
}

/**
 * The stored form of a rule: parts in a fixed order, UNTIL as a date. The
 * RRULE and the EXDATEs of the feed are written from it, so UNTIL is made a
 * UTC time where the feed needs one (recurrence.server.ts).
 */
export function formatRecurrence(rule: RecurrenceRule): string {
  const parts = [`FREQ=${rule.freq}`]
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`)
  if (rule.byDay.length > 0) parts.push(`BYDAY=${rule.byDay.join(',')}`)
  if (rule.byMonthDay.length > 0) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`)
  if (rule.until) parts.push(`UNTIL=${rule.until.replaceAll('-', '')}`)
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`)
  return parts.join(';')
}

/** 'YYYY-MM-DD' dates written with commas, spaces or line breaks between them; null for a wrong one. */
export function parseExceptionDates(text: string): string[] | null {
  const dates = text.split(/[\s,]+/).filter(Boolean)
  if (!dates.every(isPlainDate)) return null
  return [...new Set(dates)].sort()
}

const ORDINALS: Record<string, string> = { '1': 'first', '2': 'second', '3': 'third', '4': 'fourth', '5': 'fifth', '-1': 'last', '-2': 'second to last' }

function ordinalDay(day: number) {
  if (day < 0) return day === -1 ? 'last day' : `${ORDINALS[String(day)] ?? `${-day}th from last`} day`
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th'
  return `${day}${suffix}`
}

function listInWords(items: string[]) {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

function weekdayInWords(day: string) {
  const match = WEEKDAY_WITH_ORDINAL.exec(day)!
  const name = WEEKDAY_NAMES[match[2] as Weekday]
  return match[1] ? `${ORDINALS[match[1].replace('+', '')] ?? match[1]} ${name}` : name
}

/** 'YYYY-MM-DD' → 'July 1, 2027', as the site writes dates. */
export function formatPlainDate(date: string): string {
  return dateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
}

/**
 * The rule in words for visitors: 'Every Tuesday until July 1, 2027', 'Every 2
 * weeks on Monday and Wednesday, 10 times', 'Every month on the first Friday'.
 */
export function describeRecurrence(rule: RecurrenceRule): string {
  const unit = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month' }[rule.freq]
  const every = rule.interval === 1 ? `Every ${unit}` : `Every ${rule.interval} ${unit}s`
  let words: string
  if (rule.freq === 'WEEKLY' && rule.byDay.length > 0) {
    const days = listInWords(rule.byDay.map(weekdayInWords))
    words = rule.interval === 1 ? `Every ${days}` : `${every} on ${days}`
  } else if (rule.freq === 'MONTHLY' && (rule.byDay.length > 0 || rule.byMonthDay.length > 0)) {
    words = `${every} on the ${listInWords([...rule.byDay.map(weekdayInWords), ...rule.byMonthDay.map(ordinalDay)])}`
  } else {
    words = every
  }
  if (rule.until) return `${words} until ${formatPlainDate(rule.until)}`
  if (rule.count !== null) return `${words}, ${rule.count} ${rule.count === 1 ? 'time' : 'times'}`
  return words
}
