import ICAL from 'ical.js'
import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { createEvent, deleteEvent, updateEvent, type EventSubmission } from '#app/domain/event/event-admin.server.ts'
import { createEventCategory, deleteEventCategory, updateEventCategory } from '#app/domain/event/event-category.server.ts'
import { EVENT_CATEGORY_MESSAGES } from '#app/domain/event/event-category.schema.ts'
import { eventSchema } from '#app/domain/event/event.schema.ts'
import { getEvent, getPublishedEventBySlug, listEventsEndingSince, listNextEvents, listOccurrencesBetween, listUpcomingEvents } from '#app/domain/event/event.server.ts'
import { RECURRENCE_MESSAGES } from '#app/domain/event/recurrence.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'
import { loader as calendarIcsLoader } from '#app/routes/feeds/calendar-ics.ts'
import { loader as eventIcsLoader } from '#app/routes/feeds/event-ics.ts'
import { loader as calendarLoader } from '#app/routes/site/calendar.tsx'
import { loader as homeLoader } from '#app/routes/site/home.tsx'
import { sitemapEntries } from '#app/services/feeds/feed-sources.server.ts'
import { buildICalendar } from '#app/services/feeds/icalendar.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

const LONDON = 'Europe/London'
const SITE = 'https://school.example'
/** Before the events below: the October 2026 clock change in London is on Sunday 25 October. */
const NOW = new Date('2026-10-01T12:00:00Z')

function submission(overrides: Partial<EventSubmission> = {}): EventSubmission {
  return { title: 'Chess Club', description: null, startDate: '2026-10-20T09:00', endDate: '2026-10-20T10:00', imageUrl: null, imageFile: null, ...overrides }
}

function parseCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[])
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone))
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) }
}

/** Every occurrence ical.js finds, as the local date and time it names and as an instant. */
function expanded(event: ICAL.Event) {
  const iterator = event.iterator()
  const occurrences: { local: string; utc: string }[] = []
  for (let next = iterator.next(); next && occurrences.length < 50; next = iterator.next()) {
    occurrences.push({ local: next.toString().slice(0, 16), utc: next.toJSDate().toISOString() })
  }
  return occurrences
}

async function calendarPage(query: string) {
  return calendarLoader({ request: new Request(`${config.publicUrl}/calendar${query}`), params: {}, context: {} } as never)
}

async function feedText(url: string) {
  const response = (await calendarIcsLoader({ request: new Request(url), params: {}, context: {} } as never))
  return { response, text: await response.text() }
}

describe(`the school calendar on ${database.engine}`, () => {
  test('a weekly 09:00 event stays 09:00 on the school clocks across the October clock change, skipping its exception, on the site and in the feed', async () => {
    const event = await createEvent(
      submission({ recurrence: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20261117', exceptions: ['2026-11-03'], location: 'Library', mapUrl: 'https://maps.example/library' }),
      LONDON,
    )
    expect(event).toMatchObject({ slug: 'chess-club', recurrence: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20261117', exceptions: ['2026-11-03'], location: 'Library' })

    const occurrences = (await listUpcomingEvents(NOW, { timeZone: LONDON })).filter((occurrence) => occurrence.id === event.id)
    // 20 October is summer time (UTC+1); from 27 October GMT.
    expect(occurrences.map((occurrence) => [occurrence.startDate, occurrence.endDate])).toEqual([
      ['2026-10-20T08:00:00.000Z', '2026-10-20T09:00:00.000Z'],
      ['2026-10-27T09:00:00.000Z', '2026-10-27T10:00:00.000Z'],
      ['2026-11-10T09:00:00.000Z', '2026-11-10T10:00:00.000Z'],
      ['2026-11-17T09:00:00.000Z', '2026-11-17T10:00:00.000Z'],
    ])

    const events = await listEventsEndingSince(NOW, undefined, LONDON)
    const ics = buildICalendar({ siteUrl: SITE, calendarName: 'Hill School', timeZone: LONDON, events, now: NOW })
    expect(ics).toContain('BEGIN:VTIMEZONE')
    expect(ics).toContain('DTSTART;TZID=Europe/London:20261020T090000')
    expect(ics).toContain('EXDATE;TZID=Europe/London:20261103T090000')
    const vevents = parseCalendar(ics).events.filter((vevent) => vevent.uid.startsWith(event.id))
    // One VEVENT for the whole series.
    expect(vevents).toHaveLength(1)
    expect(vevents[0]!.location).toBe('Library')
    expect(expanded(vevents[0]!)).toEqual([
      { local: '2026-10-20T09:00', utc: '2026-10-20T08:00:00.000Z' },
      { local: '2026-10-27T09:00', utc: '2026-10-27T09:00:00.000Z' },
      { local: '2026-11-10T09:00', utc: '2026-11-10T09:00:00.000Z' },
      { local: '2026-11-17T09:00', utc: '2026-11-17T09:00:00.000Z' },
    ])
    await deleteEvent(event.id)
  })

  test('an all-day event keeps its date: stored from midnight on the school clocks, written as a DATE with an exclusive end', async () => {
    const event = await createEvent(submission({ title: 'INSET day', allDay: true, startDate: '2026-10-26', endDate: '2026-10-27', recurrence: null }), LONDON)
    expect(event).toMatchObject({ allDay: true, startDate: '2026-10-26T00:00:00.000Z', endDate: '2026-10-27T00:00:00.000Z' })
    const ics = buildICalendar({ siteUrl: SITE, calendarName: 'Hill School', timeZone: LONDON, events: [event], now: NOW })
    const [vevent] = parseCalendar(ics).events
    expect(vevent!.startDate.isDate).toBe(true)
    expect([vevent!.startDate.toString(), vevent!.endDate.toString()]).toEqual(['2026-10-26', '2026-10-28'])
    // A date and time given for an all-day event keeps its date.
    const moved = await updateEvent(event.id, submission({ title: 'INSET day', allDay: true, startDate: '2026-10-30T15:00', endDate: null }), LONDON)
    expect(moved).toMatchObject({ startDate: '2026-10-30T00:00:00.000Z', endDate: null })
    await deleteEvent(event.id)
  })

  test('a category feed holds only that category; an unknown category is 404', async () => {
    const sports = await createEventCategory({ name: 'Sports', colour: 'green' })
    const music = await createEventCategory({ name: 'Music', colour: 'purple' })
    const match = await createEvent(submission({ title: 'Football match', startDate: '2030-05-01T15:00', endDate: null, categoryId: sports.id }))
    const concert = await createEvent(submission({ title: 'Spring concert', startDate: '2030-05-02T18:00', endDate: null, categoryId: music.id }))

    const all = await feedText('http://localhost/calendar.ics')
    expect(parseCalendar(all.text).events.map((vevent) => vevent.summary)).toEqual(expect.arrayContaining(['Football match', 'Spring concert']))
    const sportsFeed = await feedText('http://localhost/calendar.ics?category=sports')
    expect(sportsFeed.response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(sportsFeed.response.headers.get('content-disposition')).toBe('inline; filename="calendar-sports.ics"')
    const sportsEvents = parseCalendar(sportsFeed.text).events
    expect(sportsEvents.map((vevent) => vevent.summary)).toEqual(['Football match'])
    expect(sportsEvents[0]!.component.getFirstPropertyValue('categories')).toBe('Sports')
    await expect(feedText('http://localhost/calendar.ics?category=chess')).rejects.toMatchObject({ status: 404 })

    expect((await listUpcomingEvents(new Date(), { categoryId: music.id })).map((event) => event.title)).toEqual(['Spring concert'])

    // Deleting a category keeps its events, without one.
    await deleteEventCategory(music.id)
    expect((await getEvent(concert.id))!.category).toBeNull()
    await deleteEventCategory(sports.id)
    await deleteEvent(match.id)
    await deleteEvent(concert.id)
  })

  test('category names are unique, also when they make the same address; a missing category is refused', async () => {
    const trips = await createEventCategory({ name: 'Trips', colour: 'blue' })
    await expect(createEventCategory({ name: 'Trips', colour: 'red' })).rejects.toMatchObject({ code: 'conflict', message: EVENT_CATEGORY_MESSAGES.nameTaken })
    await expect(createEventCategory({ name: 'trips!', colour: 'red' })).rejects.toMatchObject({ code: 'conflict', fields: { name: EVENT_CATEGORY_MESSAGES.nameTaken } })
    expect(await updateEventCategory(trips.id, { name: 'School trips', colour: 'teal' })).toMatchObject({ slug: 'school-trips', colour: 'teal' })
    await expect(createEvent(submission({ categoryId: 'nope' }))).rejects.toMatchObject({ fields: { categoryId: 'Category not found' } })
    await deleteEventCategory(trips.id)
  })

  test('repeat rules outside the supported part are refused with a clear message, and nothing is stored', async () => {
    const parse = (recurrence: string) => eventSchema.safeParse({ title: 'T', startDate: '2026-10-20T09:00', recurrence })
    const messageOf = (recurrence: string) => parse(recurrence).error?.issues[0]?.message
    expect(messageOf('FREQ=YEARLY;COUNT=3')).toBe(RECURRENCE_MESSAGES.invalid)
    expect(messageOf('FREQ=WEEKLY;BYHOUR=9;COUNT=3')).toBe(RECURRENCE_MESSAGES.invalid)
    expect(messageOf('FREQ=WEEKLY')).toBe(RECURRENCE_MESSAGES.needsEnd)
    expect(messageOf('FREQ=DAILY;COUNT=501')).toBe(RECURRENCE_MESSAGES.count)
    expect(messageOf('FREQ=DAILY;COUNT=3;UNTIL=20261231')).toBe(RECURRENCE_MESSAGES.untilAndCount)
    expect(parse('rrule:freq=weekly;byday=tu,th;until=20270701').data?.recurrence).toBe('FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270701')

    const before = await db.selectFrom('events').select('id').execute()
    await expect(createEvent(submission({ recurrence: 'FREQ=MONTHLY;COUNT=100' }), LONDON)).rejects.toMatchObject({ fields: { recurrence: RECURRENCE_MESSAGES.tooLong } })
    await expect(createEvent(submission({ recurrence: 'FREQ=DAILY;UNTIL=20300101' }), LONDON)).rejects.toMatchObject({ fields: { recurrence: RECURRENCE_MESSAGES.tooLong } })
    await expect(createEvent(submission({ recurrence: 'FREQ=DAILY;UNTIL=20261001' }), LONDON)).rejects.toMatchObject({ fields: { recurrence: RECURRENCE_MESSAGES.untilBeforeStart } })
    expect(await db.selectFrom('events').select('id').execute()).toEqual(before)
  })

  test('each event has an address of its own; drafts have none for visitors; the sitemap lists the published ones; the month and home lists show occurrences', async () => {
    const first = await createEvent(submission({ title: 'Open Day', recurrence: null, startDate: '2030-03-03T10:00', endDate: null }))
    const second = await createEvent(submission({ title: 'Open Day', recurrence: null, startDate: '2030-06-03T10:00', endDate: null }))
    const draft = await createEvent(submission({ title: 'Secret plans', startDate: '2030-03-04T10:00', endDate: null, publication: 'draft' }))
    expect([first.slug, second.slug]).toEqual(['open-day', 'open-day-2'])
    expect((await getPublishedEventBySlug('open-day-2'))?.id).toBe(second.id)
    expect(await getPublishedEventBySlug(draft.slug)).toBeNull()
    await expect(eventIcsLoader({ params: { slug: draft.slug } } as never)).rejects.toMatchObject({ status: 404 })
    const single = (await eventIcsLoader({ params: { slug: 'open-day' } } as never))
    expect(single.headers.get('content-disposition')).toBe('attachment; filename="open-day.ics"')
    expect(parseCalendar(await single.text()).events.map((vevent) => vevent.summary)).toEqual(['Open Day'])

    const paths = (await sitemapEntries()).map((entry) => entry.path)
    expect(paths).toEqual(expect.arrayContaining(['/calendar/open-day', '/calendar/open-day-2']))
    expect(paths).not.toContain(`/calendar/${draft.slug}`)

    const weekly = await createEvent(submission({ title: 'Choir', startDate: '2030-03-01T16:00', endDate: null, recurrence: 'FREQ=WEEKLY;COUNT=3' }))
    const march = await listOccurrencesBetween(new Date('2030-03-01T00:00:00Z'), new Date('2030-04-01T00:00:00Z'))
    expect(march.filter((event) => event.id === weekly.id)).toHaveLength(3)
    const next = await listNextEvents(3, 'UTC', new Date('2030-03-01T00:00:00Z'))
    expect(next.map((event) => event.title)).toEqual(['Choir', 'Open Day', 'Choir'])
    for (const event of [first, second, draft, weekly]) await deleteEvent(event.id)
  })

  test("the month view, the list and the home page send the browser only what they show of a date: never a series' rule, skipped dates, map or status", async () => {
    const category = await createEventCategory({ name: 'Before school', colour: 'orange' })
    const tomorrow = utcToZonedTime(new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(), config.timeZone).slice(0, 10)
    const description = 'Toast and juice in the hall before lessons; bring a note if you have allergies.'
    const club = await createEvent(
      submission({
        title: 'Breakfast Club',
        description,
        startDate: `${tomorrow}T07:45`,
        endDate: `${tomorrow}T08:30`,
        recurrence: 'FREQ=DAILY;COUNT=60',
        exceptions: [utcToZonedTime(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString(), config.timeZone).slice(0, 10)],
        location: 'Hall',
        mapUrl: 'https://maps.example/hall',
        categoryId: category.id,
      }),
      config.timeZone,
    )
    try {
      const month = (await calendarPage(`?view=month&month=${tomorrow.slice(0, 7)}`)).month!
      const days = month.weeks.flat().flatMap((day) => day.events).filter((event) => event.slug === club.slug)
      expect(days.length).toBeGreaterThan(0)
      // The time, the title linking to the event's page, the category: nothing of the series as a whole.
      for (const date of days) expect(Object.keys(date).sort()).toEqual(['category', 'endDate', 'slug', 'startDate', 'title'])
      expect(days[0]).toMatchObject({ title: 'Breakfast Club', category: { name: 'Before school', colour: 'orange' } })
      expect(JSON.stringify(month)).not.toContain(description)
      expect(JSON.stringify(month)).not.toContain('FREQ=DAILY')

      // The list's cards show the place and the description, and 'Repeats' rather than the rule.
      const listed = (await calendarPage('')).events.filter((event) => event.id === club.id)
      expect(listed.length).toBeGreaterThan(0)
      for (const date of listed) {
        expect(Object.keys(date).sort()).toEqual(['category', 'description', 'endDate', 'id', 'imageUrl', 'location', 'repeats', 'slug', 'startDate', 'title'])
        expect(date).toMatchObject({ description, location: 'Hall', repeats: true })
      }

      const home = await homeLoader({ context: new RouterContextProvider() } as unknown as Parameters<typeof homeLoader>[0])
      expect(home.events.length).toBeGreaterThan(0)
      for (const date of home.events) expect(Object.keys(date).sort()).toEqual(['endDate', 'id', 'startDate', 'title'])
    } finally {
      await deleteEvent(club.id)
      await deleteEventCategory(category.id)
    }
  })
})
