import { describe, expect, test } from 'vitest'
import { calendarSectionSchema } from '#app/domain/section/section.schema.ts'
import { CALENDAR_URL_REFUSAL } from '#app/lib/calendar-hosts.ts'
import { isEmbeddableCalendarUrl } from '#app/lib/url-rules.ts'

describe('which calendar addresses the calendar page may frame', () => {
  test.each([
    'https://calendar.google.com/calendar/embed?src=school%40example.org&ctz=Europe%2FLondon',
    'https://outlook.office365.com/owa/calendar/abc/def/calendar.html',
    'https://outlook.live.com/owa/calendar/abc/calendar.html',
  ])('allowed: %s', (url) => expect(isEmbeddableCalendarUrl(url)).toBe(true))

  test.each([
    ['plain http', 'http://calendar.google.com/calendar/embed?src=x'],
    ['another host', 'https://evil.example/calendar/embed'],
    ['a look-alike host', 'https://calendar.google.com.evil.example/embed'],
    ['credentials before the host', 'https://calendar.google.com@evil.example/embed'],
    ['credentials on the right host', 'https://someone:secret@calendar.google.com/calendar/embed?src=x'],
    ['a page of the service that is not its embed page', 'https://calendar.google.com/calendar/u/0/r'],
    ['an Outlook page that is not a published calendar', 'https://outlook.office365.com/mail/'],
    ['a subdomain of an accepted host', 'https://evil.calendar.google.com/calendar/embed'],
    ['a non-default port', 'https://calendar.google.com:8443/embed'],
    ['a script URL', 'javascript:alert(1)'],
    ['not a URL', 'calendar'],
    ['empty', ''],
  ])('refused: %s', (_label, url) => expect(isEmbeddableCalendarUrl(url)).toBe(false))
})

describe('the stored calendar link (section calendar.google)', () => {
  test('takes an accepted embed address, or empty to remove the calendar', () => {
    const url = 'https://calendar.google.com/calendar/embed?src=school%40example.org'
    expect(calendarSectionSchema.parse({ url })).toEqual({ url })
    expect(calendarSectionSchema.parse({ url: '' })).toEqual({ url: '' })
  })

  test.each(['https://calendar.google.com.evil.example/embed', 'https://calendar.example.org/embed', 'http://calendar.google.com/calendar/embed', 'calendar please'])(
    'refuses %s, naming the accepted addresses',
    (url) => {
      const result = calendarSectionSchema.safeParse({ url })
      expect(result.success).toBe(false)
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([CALENDAR_URL_REFUSAL])
    },
  )

  test('the refusal names every accepted service by its address', () => {
    for (const host of ['calendar.google.com', 'outlook.office365.com', 'outlook.live.com']) expect(CALENDAR_URL_REFUSAL).toContain(`https://${host}/`)
  })
})
