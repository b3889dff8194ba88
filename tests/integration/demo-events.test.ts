import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { listEventCategories } from '#app/domain/event/event-category.server.ts'
import { listNextEvents, listUpcomingEvents } from '#app/domain/event/event.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'
import { seedBaseContent, seedDemoContent } from '#app/services/seed/seed.ts'
import { readBool, readTimestamp } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const TIME_ZONE = 'America/New_York'
/** A Thursday afternoon in New York: the demo's week starts on Monday November 30, 2026. */
const SEEDED_AT = new Date('2026-11-26T15:00:00Z')

const database = prepareTestDatabase()
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: SEEDED_AT })
  await seedBaseContent(db, storage)
  await seedDemoContent(db, storage, TIME_ZONE)
})
afterAll(() => {
  vi.useRealTimers()
})

const wall = (iso: string) => utcToZonedTime(iso, TIME_ZONE)

describe(`the demo calendar on ${database.engine}`, () => {
  test('four coloured categories, places on the events that have one, a map link, all-day term dates and two series', async () => {
    expect((await listEventCategories()).map(({ name, slug, colour }) => [name, slug, colour])).toEqual([
      ['Term dates', 'term-dates', 'blue'],
      ['Sports', 'sports', 'green'],
      ['Parents', 'parents', 'purple'],
      ['Clubs', 'clubs', 'orange'],
    ])
    const rows = await db.selectFrom('events').selectAll().orderBy('start_date').execute()
    const bySlug = new Map(rows.map((row) => [row.slug, row]))
    expect(rows.map((row) => [row.slug, row.title, wall(readTimestamp(row.start_date)), row.end_date && wall(readTimestamp(row.end_date))])).toEqual([
      ['swimming-year-4', 'Swimming — Year 4', '2026-12-01T13:30', '2026-12-01T14:30'],
      ['parents-evening', 'Parents Evening', '2026-12-02T16:00', '2026-12-02T19:00'],
      ['coffee-morning', 'Coffee Morning', '2026-12-04T08:45', '2026-12-04T09:45'],
      ['sports-day', 'Sports Day', '2026-12-10T09:00', null],
      ['winter-concert', 'Winter Concert', '2026-12-17T18:00', '2026-12-17T20:00'],
      ['half-term-break', 'Half-Term Break', '2026-12-28T00:00', '2027-01-01T00:00'],
      ['inset-day', 'INSET Day', '2027-01-04T00:00', null],
    ])
    for (const row of rows) {
      expect(row.status, row.slug!).toBe('published')
      expect(readBool(row.all_day), row.slug!).toBe(row.slug === 'half-term-break' || row.slug === 'inset-day')
      // The term dates are the school itself, closed; every other event says where.
      expect(row.location === null, row.slug!).toBe(readBool(row.all_day))
      expect(row.category_id, row.slug!).not.toBeNull()
    }
    expect(bySlug.get('swimming-year-4')).toMatchObject({
      recurrence: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270216',
      map_url: 'https://www.openstreetmap.org/search?query=Hometown%20Leisure%20Centre',
    })
    expect(rows.filter((row) => row.map_url !== null)).toHaveLength(1)
    expect(bySlug.get('coffee-morning')!.recurrence).toBe('FREQ=MONTHLY;BYDAY=1FR;COUNT=6')
    expect(bySlug.get('sports-day')!.image_url).toMatch(/^\/files\/gallery\/events\//)
  })

  test('the series skip the half-term week: swimming its Tuesday, the coffee morning its Friday', async () => {
    const occurrences = await listUpcomingEvents(SEEDED_AT, { timeZone: TIME_ZONE })
    const startsOf = (title: string) => occurrences.filter((event) => event.title === title).map((event) => wall(event.startDate))
    expect(startsOf('Swimming — Year 4')).toEqual(
      ['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22', '2027-01-05', '2027-01-12', '2027-01-19', '2027-01-26', '2027-02-02', '2027-02-09', '2027-02-16'].map(
        (date) => `${date}T13:30`,
      ),
    )
    // January 1, 2027 is the first Friday of its month and the last day of half-term.
    expect(startsOf('Coffee Morning')).toEqual(['2026-12-04', '2027-02-05', '2027-03-05', '2027-04-02', '2027-05-07'].map((date) => `${date}T08:45`))
    expect(occurrences.filter((event) => event.title === 'Swimming — Year 4').every((event) => wall(event.endDate!).endsWith('T14:30'))).toBe(true)
    expect((await listNextEvents(3, TIME_ZONE, SEEDED_AT)).map((event) => event.title)).toEqual(['Swimming — Year 4', 'Parents Evening', 'Coffee Morning'])
  })
})
