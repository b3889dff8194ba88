import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { canonicalPageAddress, PAGE_QUERY_PARAMS, UNCACHED_PATHS } from '#server/page-cache-keys.ts'
import { routeTable } from '#tests/setup/route-table.ts'

describe('the address a cached page is kept under', () => {
  test.each([
    ['/', '/'],
    ['/?r=8f2c', '/'],
    ['/blogs?utm_source=newsletter&utm_medium=email', '/blogs'],
    ['/blogs?page=2&r=1', '/blogs?page=2'],
    ['/blogs?page=2&page=3', '/blogs?page=2'],
    ['/blogs?page=', '/blogs'],
    ['/calendar?month=2031-02&category=sport&view=month&x=y', '/calendar?view=month&month=2031-02&category=sport'],
    ['/Calendar?VIEW=month&view=month', '/Calendar?view=month'],
    ['/gallery/sports-day?page=2&folder=x', '/gallery/sports-day?page=2'],
    ['/gallery?folder=Trips+2026&albums=all', '/gallery?albums=all&folder=Trips+2026'],
    ['/calendar.ics?category=sport&v=2', '/calendar.ics?category=sport'],
    ['/blogs/sports-day?page=2', '/blogs/sports-day'],
    ['//evil.example/blogs?page=2', '//evil.example/blogs'],
    ['/__manifest?paths=%2Fblogs%2C%2Fsubscribe&version=ab12cd34&r=1', '/__manifest?paths=%2Fblogs%2C%2Fsubscribe&version=ab12cd34'],
  ])('%s is kept as %s', (address, key) => {
    expect(canonicalPageAddress(address)).toBe(key)
  })

  /** Whether a route's module reads its address's query, by any of the ways the app's routes do. */
  const readsQuery = (source: string) => /searchParams|readListParams|readPageParam|location\.search|useSearchParams/.test(source)

  test('every cached route that reads its query is in the table, and every route in the table reads one', () => {
    const cached = routeTable().filter(({ path }) => !UNCACHED_PATHS.test(path))
    const reading = cached.filter(({ file }) => readsQuery(readFileSync(file, 'utf8'))).map(({ path }) => path)
    expect(reading).toContain('/calendar')
    expect(reading.sort()).toEqual(Object.keys(PAGE_QUERY_PARAMS).sort())
  })

  test("the parameters a listed route's module names are in its row", () => {
    for (const { path, file } of routeTable().filter(({ path }) => path in PAGE_QUERY_PARAMS)) {
      const source = readFileSync(file, 'utf8')
      const named = [...source.matchAll(/(?:\.get\(|_PARAM = )'([\w-]+)'/g)].map((match) => match[1]!)
      if (/readListParams|readPageParam/.test(source)) named.push('page')
      for (const name of named) expect(PAGE_QUERY_PARAMS[path], `${path} reads ?${name}`).toContain(name)
    }
  })
})
