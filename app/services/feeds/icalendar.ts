import type { SchoolEvent } from '#app/domain/event/event.ts'

export interface CalendarFeedInput {
  /** Absolute site address without a trailing slash. */
  siteUrl: string
  calendarName: string
  /** The school's IANA time zone: it decides which events are all-day and on which dates. */
  timeZone: string
  events: readonly SchoolEvent[]
  /** DTSTAMP: when this copy of the calendar was made. */
  now: Date
}

const MAX_LINE_OCTETS = 75

/** RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped; other control characters are not allowed. */
export function escapeText(text: string): string {
  return text
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000A-\u001F\u007F]/g, '')
}

function utf8Octets(codePoint: number) {
  if (codePoint < 0x80) return 1
  if (codePoint < 0x800) return 2
  if (codePoint < 0x10000) return 3
  return 4
}

/** Splits a content line into lines of at most 75 octets, continuations starting with a space, never inside a character. */
export function foldLine(line: string): string {
  const lines: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0) ?? 0)
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current)
      current = ' '
      octets = 1
    }
    current += char
    octets += size
  }
  lines.push(current)
  return lines.join('\r\n')
}

/** 20270314T150000Z */
function utcDateTime(date: Date) {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
}

interface LocalDate {
  year: number
  month: number
  day: number
}

/** The wall-clock date and time of an instant in a time zone. */
function wallClock(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  return {
    date: { year: part('year'), month: part('month'), day: part('day') } satisfies LocalDate,
    isMidnight: part('hour') === 0 && part('minute') === 0 && part('second') === 0,
  }
}

/** 20270314, after moving `days` calendar days on. */
function icalDate({ year, month, day }: LocalDate, days = 0) {
  const shifted = new Date(Date.UTC(year, month - 1, day + days))
  return shifted.toISOString().slice(0, 10).replace(/-/g, '')
}

/**
 * An event that starts at midnight in the school's zone and has no end, or
 * ends at midnight too, was entered as a date or a date range: it is all-day,
 * through its end date inclusive (DTEND is the exclusive day after).
 */
function eventTimes(event: SchoolEvent, timeZone: string): string[] {
  const start = new Date(event.startDate)
  const end = event.endDate ? new Date(event.endDate) : null
  const localStart = wallClock(start, timeZone)
  const localEnd = end ? wallClock(end, timeZone) : null
  if (localStart.isMidnight && (!localEnd || localEnd.isMidnight)) {
    const lastDay = end && localEnd && end > start ? localEnd.date : localStart.date
    return [`DTSTART;VALUE=DATE:${icalDate(localStart.date)}`, `DTEND;VALUE=DATE:${icalDate(lastDay, 1)}`]
  }
  const times = [`DTSTART:${utcDateTime(start)}`]
  // An end not after the start would make the event invalid; without DTEND it lasts an instant.
  if (end && end > start) times.push(`DTEND:${utcDateTime(end)}`)
  return times
}

/** An RFC 5545 calendar of the school's events, for subscription from phones and calendar apps. */
export function buildICalendar({ siteUrl, calendarName, timeZone, events, now }: CalendarFeedInput): string {
  const host = new URL(siteUrl).hostname
  const stamp = utcDateTime(now)
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//School Website//Events Calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendarName)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT12H',
    'X-PUBLISHED-TTL:PT12H',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.id}@${host}`,
      `DTSTAMP:${stamp}`,
      ...eventTimes(event, timeZone),
      `SUMMARY:${escapeText(event.title)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      `URL:${siteUrl}/calendar`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join('\r\n') + '\r\n'
}
