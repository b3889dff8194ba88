import { expect, test } from 'vitest'
import { dateTimeFormat } from '#app/lib/date-formatters.ts'

test('one formatter per locale and options, reused; different options or zones get their own', () => {
  const london = dateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'Europe/London' })
  expect(dateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'Europe/London' })).toBe(london)
  const auckland = dateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'Pacific/Auckland' })
  expect(auckland).not.toBe(london)
  expect(dateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'Europe/London' })).not.toBe(london)
  // 23:30 UTC on 31 December is already the new year in Auckland.
  const instant = new Date('2026-12-31T23:30:00Z')
  expect(london.format(instant)).toBe('December 31, 2026')
  expect(auckland.format(instant)).toBe('January 1, 2027')
})
