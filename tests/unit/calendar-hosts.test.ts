import { describe, expect, test } from 'vitest'
import { isEmbeddableCalendarUrl } from '#app/lib/calendar-hosts.ts'

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
    ['a non-default port', 'https://calendar.google.com:8443/embed'],
    ['a script URL', 'javascript:alert(1)'],
    ['not a URL', 'calendar'],
    ['empty', ''],
  ])('refused: %s', (_label, url) => expect(isEmbeddableCalendarUrl(url)).toBe(false))
})
