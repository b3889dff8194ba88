import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createAlert, deleteAlert, SCHOOL_CLOSED_EVENT_TITLE, setSchoolStatus, updateAlert } from '#app/domain/alert/alert-admin.server.ts'
import { ALERT_MESSAGES, alertActionSchema, alertSchema, type AlertInput } from '#app/domain/alert/alert.schema.ts'
import { activeAlerts, listAlertsForAdmin, todaysSchoolStatus } from '#app/domain/alert/alert.server.ts'
import { schoolDay } from '#app/domain/alert/alert.ts'
import { listUpcomingEvents } from '#app/domain/event/event.server.ts'
import { announce } from '#app/domain/outbox/announce.server.ts'
import { startGoLiveAnnouncements, type GoLiveAnnouncements } from '#app/domain/publishing/go-live.server.ts'
import { validated } from '#app/lib/action.server.ts'
import { createLocalChangeFeed, type Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { isDomainError } from '#app/lib/errors/domain-error.ts'
import { utcToZonedTime, zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import { loader as alertsRssLoader } from '#app/routes/feeds/alerts-rss.ts'
import { loader as siteLayoutLoader } from '#app/routes/site/layout.tsx'
import { buildAlertsRss } from '#app/services/feeds/alerts-rss.ts'
import { parseFeedXml } from '#tests/setup/feed-xml.ts'
import { alertsFeedInput } from '#app/services/feeds/feed-sources.server.ts'
import { readTimestamp } from '#db/portable.ts'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { RouterContextProvider } from 'react-router'

// Who is told and how is the subscriptions' and push's business: here, only that alerts ask for it.
vi.mock('#app/domain/outbox/announce.server.ts', () => ({ announce: vi.fn(async () => {}) }))

const database = prepareTestDatabase()
const zone = config.timeZone
const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/** The instant the school's clocks read `wallClock`. */
const at = (wallClock: string) => new Date(zonedTimeToUtc(wallClock, zone))

function input(overrides: Partial<AlertInput> = {}): AlertInput {
  return { level: 'info', title: 'Parents evening moved', message: null, link: null, startsAt: '2030-03-04T08:00', endsAt: '2030-03-04T18:00', ...overrides }
}

async function refusal(work: Promise<unknown>) {
  const error = await work.then(() => null, (thrown: unknown) => thrown)
  if (!isDomainError(error)) throw new Error(`expected a refusal, got ${String(error)}`)
  return error
}

const titlesAt = async (now: Date) => (await activeAlerts(now)).map((alert) => alert.title)

beforeEach(async () => {
  await db.deleteFrom('alerts').execute()
  await db.deleteFrom('events').execute()
  vi.mocked(announce).mockClear()
})

describe(`alerts on ${database.engine}`, () => {
  test('an alert shows from its start until its end, by time alone; without an end it stays', async () => {
    const alert = await createAlert(input({ title: 'Boiler repair' }))
    expect(alert.startsAt).toBe(at('2030-03-04T08:00').toISOString())
    expect(await titlesAt(at('2030-03-04T07:59'))).toEqual([])
    expect(await titlesAt(at('2030-03-04T08:00'))).toEqual(['Boiler repair'])
    expect(await titlesAt(at('2030-03-04T17:59'))).toEqual(['Boiler repair'])
    expect(await titlesAt(at('2030-03-04T18:00'))).toEqual([])
    expect(await titlesAt(at('2030-03-05T09:00'))).toEqual([])

    await createAlert(input({ title: 'Building works', endsAt: null }))
    expect(await titlesAt(at('2031-01-01T00:00'))).toEqual(['Building works'])
    expect(await titlesAt(at('2030-03-04T07:00'))).toEqual([])
  })

  test('active alerts are ordered emergency, important, info, then the newest start first', async () => {
    await createAlert(input({ level: 'info', title: 'Info' }))
    await createAlert(input({ level: 'important', title: 'Important early', startsAt: '2030-03-04T07:00' }))
    await createAlert(input({ level: 'emergency', title: 'Emergency', startsAt: '2030-03-04T07:45' }))
    await createAlert(input({ level: 'important', title: 'Important late', startsAt: '2030-03-04T09:00' }))
    expect(await titlesAt(at('2030-03-04T10:00'))).toEqual(['Emergency', 'Important late', 'Important early', 'Info'])

    const lists = await listAlertsForAdmin(at('2030-03-04T07:30'))
    expect(lists.active.map((alert) => alert.title)).toEqual(['Important early'])
    expect(lists.upcoming.map((alert) => alert.title)).toEqual(['Emergency', 'Info', 'Important late'])
    expect((await listAlertsForAdmin(at('2030-03-05T00:00'))).past).toHaveLength(4)
  })

  test('the form\'s messages: level, title, message, link, start and end; nothing is stored', async () => {
    const refused = (values: Record<string, unknown>) => {
      try {
        validated(alertSchema, values)
        return null
      } catch (error) {
        return isDomainError(error) ? error.fields : error
      }
    }
    expect(refused({ level: 'urgent', title: '  ', startsAt: '' })).toEqual({
      level: ALERT_MESSAGES.levelRequired,
      title: 'Title is required',
      startsAt: ALERT_MESSAGES.startRequired,
    })
    expect(refused({ level: 'info', title: 'x'.repeat(81), message: 'y'.repeat(501), link: 'javascript:alert(1)', startsAt: '2030-02-30T10:00', endsAt: 'soon' })).toEqual({
      title: 'Title must be less than 80 characters',
      message: 'Message must be less than 500 characters',
      link: 'Must be a valid URL',
      startsAt: ALERT_MESSAGES.startInvalid,
      endsAt: ALERT_MESSAGES.endInvalid,
    })
    expect(refused({ level: 'info', title: 'Late', startsAt: '2030-03-04T10:00', endsAt: '2030-03-04T10:00' })).toEqual({ endsAt: ALERT_MESSAGES.endBeforeStart })
    for (const link of ['//evil.example/', 'https://user:pw@example.com/', '/a b']) expect(refused({ level: 'info', title: 'T', startsAt: '2030-03-04T10:00', link })).toEqual({ link: 'Must be a valid URL' })
    expect(validated(alertSchema, { level: 'info', title: ' T ', startsAt: '2030-03-04T10:00', link: '/calendar', message: 'a\r\nb' })).toMatchObject({ title: 'T', link: '/calendar', message: 'a\nb', endsAt: null })
    expect(validated(alertActionSchema, { intent: 'school-status', status: 'closed', message: '' })).toEqual({ intent: 'school-status', status: 'closed', message: null, day: null })
    expect(refused({ intent: 'school-status', status: 'snow' })).not.toBeNull()

    expect((await refusal(updateAlert('no-such-alert', input()))).message).toBe(ALERT_MESSAGES.notFound)
    expect((await refusal(deleteAlert('no-such-alert'))).message).toBe(ALERT_MESSAGES.notFound)
    expect(await db.selectFrom('alerts').select('id').execute()).toEqual([])
  })

  test('writes tell the change feed; important and emergency alerts are announced for their start, again when moved later or raised', async () => {
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['alerts'], (change) => changes.push(change))
    const info = await createAlert(input({ level: 'info' }))
    expect(announce).not.toHaveBeenCalled()
    const emergency = await createAlert(input({ level: 'emergency', title: 'Gas leak' }))
    expect(announce).toHaveBeenLastCalledWith(expect.anything(), { topic: 'alerts', subjectTable: 'alerts', subjectId: emergency.id, deliverAfter: at('2030-03-04T08:00') })

    vi.mocked(announce).mockClear()
    await updateAlert(emergency.id, input({ level: 'emergency', title: 'Gas leak: building closed' }))
    expect(announce).not.toHaveBeenCalled()
    await updateAlert(emergency.id, input({ level: 'emergency', title: 'Gas leak', startsAt: '2030-03-04T09:00' }))
    expect(announce).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ subjectId: emergency.id, deliverAfter: at('2030-03-04T09:00') }))
    vi.mocked(announce).mockClear()
    await updateAlert(info.id, input({ level: 'important' }))
    expect(announce).toHaveBeenCalledTimes(1)

    await deleteAlert(info.id)
    unsubscribe()
    expect(changes).toEqual([
      { table: 'alerts', type: 'insert', id: info.id },
      { table: 'alerts', type: 'insert', id: emergency.id },
      { table: 'alerts', type: 'update', id: emergency.id },
      { table: 'alerts', type: 'update', id: emergency.id },
      { table: 'alerts', type: 'update', id: info.id },
      { table: 'alerts', type: 'delete', id: info.id },
    ])
  })

  test('school status closed makes an emergency alert for the rest of the day and a \'School closed\' calendar entry; open removes the entry and tells families', async () => {
    const now = at('2030-01-15T06:10')
    const day = schoolDay(now, zone)
    const closed = await setSchoolStatus({ status: 'closed', message: 'Snow: school is closed today.' }, { now })
    expect(closed).toMatchObject({ level: 'emergency', schoolStatus: 'closed', title: 'School is closed today', message: 'Snow: school is closed today.', startsAt: now.toISOString(), endsAt: day.end })
    expect(day.end).toBe(at('2030-01-16T00:00').toISOString())
    expect(await titlesAt(now)).toEqual(['School is closed today'])
    expect(await titlesAt(at('2030-01-16T00:00'))).toEqual([])
    expect(announce).toHaveBeenCalledTimes(1)

    const events = await listUpcomingEvents(now)
    expect(events).toMatchObject([{ id: closed.eventId, title: SCHOOL_CLOSED_EVENT_TITLE, status: 'published', description: 'Snow: school is closed today.', startDate: at('2030-01-15T00:00').toISOString(), endDate: null }])
    expect((await todaysSchoolStatus(at('2030-01-15T23:00'), zone))?.id).toBe(closed.id)

    const open = await setSchoolStatus({ status: 'open', message: 'The roads are clear: school is open.' }, { now: new Date(now.getTime() + HOUR_MS) })
    expect(open).toMatchObject({ level: 'important', schoolStatus: 'open', eventId: null })
    expect(await db.selectFrom('alerts').select('id').execute()).toEqual([{ id: open.id }])
    expect(await db.selectFrom('events').select('id').execute()).toEqual([])
    expect(announce).toHaveBeenCalledTimes(2)

    const openAgain = await setSchoolStatus({ status: 'open', message: null }, { now: new Date(now.getTime() + 2 * HOUR_MS) })
    expect(openAgain).toMatchObject({ level: 'info', message: '' })
    const late = await setSchoolStatus({ status: 'late_start', message: 'Two hours late.' }, { now: new Date(now.getTime() + 3 * HOUR_MS) })
    expect(late).toMatchObject({ level: 'important', title: 'Late start today', eventId: null })
    expect(await db.selectFrom('alerts').select('id').execute()).toEqual([{ id: late.id }])

    // Tomorrow's status leaves today's alone; deleting a 'closed' alert takes its calendar entry with it.
    const tomorrow = await setSchoolStatus({ status: 'closed', message: null }, { now: at('2030-01-16T05:00') })
    expect(await db.selectFrom('alerts').select('id').orderBy('starts_at').execute()).toEqual([{ id: late.id }, { id: tomorrow.id }])
    await deleteAlert(tomorrow.id)
    expect(await db.selectFrom('events').select('id').execute()).toEqual([])
  })

  test('a closure set on the evening before for tomorrow shows from tomorrow\'s midnight on the school\'s clocks, with its calendar entry dated tomorrow', async () => {
    const evening = at('2030-01-15T19:30')
    const today = await setSchoolStatus({ status: 'late_start', message: null }, { now: at('2030-01-15T06:00') })
    const closure = await setSchoolStatus({ status: 'closed', message: 'Snow tomorrow.', day: '2030-01-16' }, { now: evening })
    expect(closure).toMatchObject({ level: 'emergency', schoolStatus: 'closed', startsAt: at('2030-01-16T00:00').toISOString(), endsAt: at('2030-01-17T00:00').toISOString() })
    // Today's status stays today's; tomorrow's is not shown before tomorrow starts.
    expect(await titlesAt(evening)).toEqual(['Late start today'])
    expect(await titlesAt(at('2030-01-15T23:59'))).toEqual(['Late start today'])
    expect((await todaysSchoolStatus(evening, zone))?.id).toBe(today.id)
    expect(await titlesAt(at('2030-01-16T00:00'))).toEqual(['School is closed today'])
    expect((await todaysSchoolStatus(at('2030-01-16T08:00'), zone))?.id).toBe(closure.id)
    expect(await listUpcomingEvents(evening)).toMatchObject([{ id: closure.eventId, title: SCHOOL_CLOSED_EVENT_TITLE, startDate: at('2030-01-16T00:00').toISOString() }])
    // Announced for the day it starts.
    expect(vi.mocked(announce).mock.lastCall?.[1]).toMatchObject({ subjectId: closure.id, deliverAfter: at('2030-01-16T00:00') })

    // Changing tomorrow's status the same evening replaces it and its calendar entry.
    const open = await setSchoolStatus({ status: 'open', message: null, day: '2030-01-16' }, { now: at('2030-01-15T21:00') })
    expect(open.startsAt).toBe(at('2030-01-16T00:00').toISOString())
    expect(await db.selectFrom('alerts').select('id').orderBy('starts_at').execute()).toEqual([{ id: today.id }, { id: open.id }])
    expect(await db.selectFrom('events').select('id').execute()).toEqual([])

    // A day already over is refused and changes nothing; the form's day goes through the action's schema.
    const past = await refusal(setSchoolStatus({ status: 'closed', message: null, day: '2030-01-14' }, { now: evening }))
    expect(past.fields).toEqual({ day: ALERT_MESSAGES.statusDayPast })
    expect(() => validated(alertActionSchema, { intent: 'school-status', status: 'closed', day: '2030-02-30' })).toThrow(ALERT_MESSAGES.statusDayInvalid)
    expect(await db.selectFrom('alerts').select('id').orderBy('starts_at').execute()).toEqual([{ id: today.id }, { id: open.id }])
  })

  test('a closed status whose calendar entry the office deleted can still change', async () => {
    const now = at('2030-01-15T06:10')
    const closed = await setSchoolStatus({ status: 'closed', message: null }, { now })
    await db.deleteFrom('events').where('id', '=', closed.eventId!).execute()
    expect(await setSchoolStatus({ status: 'open', message: null }, { now })).toMatchObject({ schoolStatus: 'open' })
  })

  test('the public layout gives every page the active alerts', async () => {
    await createAlert(input({ title: 'Now', startsAt: utcToZonedTime(new Date(Date.now() - HOUR_MS).toISOString(), zone), endsAt: null }))
    await createAlert(input({ title: 'Later', startsAt: '2099-01-01T00:00', endsAt: null }))
    const data = await siteLayoutLoader({ context: new RouterContextProvider() } as unknown as Parameters<typeof siteLayoutLoader>[0])
    expect(data.alerts.map((alert) => alert.title)).toEqual(['Now'])
  })

  test('/alerts.rss lists current and upcoming alerts, latest start first, with level, message, link and times; not ended ones', async () => {
    await createAlert(input({ level: 'emergency', title: 'Flood <basement>', message: 'Use the north gate & car park.', link: '/calendar', startsAt: '2030-03-04T08:00', endsAt: null }))
    await createAlert(input({ level: 'info', title: 'Photo day', startsAt: '2030-03-10T08:00', endsAt: '2030-03-10T12:00', link: 'https://photos.example/day' }))
    await createAlert(input({ title: 'Over', startsAt: '2030-03-01T08:00', endsAt: '2030-03-01T09:00' }))
    const xml = buildAlertsRss(await alertsFeedInput(at('2030-03-05T00:00')))
    // Titles and descriptions are CDATA sections: read the feed as a reader does.
    const { channel } = parseFeedXml(xml).rss
    expect(channel.item?.map((item) => [item.title, item.link, item.category, item.pubDate])).toEqual([
      ['Information: Photo day', 'https://photos.example/day', 'info', at('2030-03-10T08:00').toUTCString()],
      ['Emergency: Flood <basement>', `${config.publicUrl}/calendar`, 'emergency', at('2030-03-04T08:00').toUTCString()],
    ])
    expect(channel.item?.[1]?.description).toBe('Use the north gate & car park.\n\nFrom March 4, 2030, 8:00 AM until removed')
    expect(channel.item?.[1]?.guid['@_isPermaLink']).toBe('false')
    expect(xml).not.toContain('Over')
    expect(xml).toContain('<ttl>1</ttl>')
    expect(xml).toContain(`<atom:link href="${config.publicUrl}/alerts.rss" rel="self" type="application/rss+xml"/>`)

    const response = await alertsRssLoader()
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=60')
    expect(await response.text()).toContain('Photo day')
  })

  describe('going live and ending', () => {
    let announcements: GoLiveAnnouncements | undefined
    afterEach(() => announcements?.stop())

    test('when an alert\'s start or end passes, the instance tells its own pages', async () => {
      const feed = createLocalChangeFeed()
      const heard: Change[] = []
      feed.subscribe(['alerts'], (change) => heard.push(change))
      const start = new Date(Date.now() + 400)
      const alert = await createAlert(input({ title: 'Soon', startsAt: utcToZonedTime(new Date(Date.now() + 2 * MINUTE_MS).toISOString(), zone), endsAt: null }))
      // The form takes minutes; the timer reads the stored instants, so set them to the millisecond here.
      await db.updateTable('alerts').set({ starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 600).toISOString() }).where('id', '=', alert.id).execute()
      announcements = startGoLiveAnnouncements({ feed })
      await expect.poll(() => heard.length, { timeout: 5000 }).toBe(2)
      expect(heard).toEqual([
        { table: 'alerts', type: 'update', id: alert.id },
        { table: 'alerts', type: 'update', id: alert.id },
      ])
      expect(readTimestamp((await db.selectFrom('alerts').select('ends_at').executeTakeFirstOrThrow()).ends_at!)).toBe(new Date(start.getTime() + 600).toISOString())
    })
  })

  describe('in the content API', () => {
    test('create 201, read, PATCH, DELETE 204, with the stored alert and the form\'s messages by field', async () => {
      const { key } = await apiKeyFor('editor')
      const created = await callApi('POST', '/alerts', { key, body: { level: 'emergency', title: 'Gas leak', message: 'Stay away from the hall.', link: '/contact', starts_at: '2030-03-04T08:00:00Z', ends_at: '2030-03-04T12:00' } })
      expect(created.status).toBe(201)
      const id = created.body!.id as string
      expect(created.body).toEqual({
        id,
        level: 'emergency',
        title: 'Gas leak',
        message: 'Stay away from the hall.',
        link: '/contact',
        starts_at: '2030-03-04T08:00:00.000Z',
        ends_at: at('2030-03-04T12:00').toISOString(),
        school_status: null,
        updated_at: expect.any(String),
      })
      expect(announce).toHaveBeenCalledTimes(1)
      expect(await callApi('GET', `/alerts/${id}`, { key })).toMatchObject({ status: 200, body: created.body })
      const changed = await callApi('PATCH', `/alerts/${id}`, { key, body: { level: 'info', ends_at: null, link: null } })
      expect(changed).toMatchObject({ status: 200, body: { id, level: 'info', title: 'Gas leak', ends_at: null, link: null } })
      expect(await callApi('GET', '/alerts?not_ended_at=2031-01-01T00:00:00Z', { key })).toMatchObject({ status: 200, body: { total: 1 } })

      expect(await callApi('POST', '/alerts', { key, body: { level: 'red', title: '', starts_at: 'today', link: 'ftp://x' } })).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid', fields: { level: ALERT_MESSAGES.levelRequired, title: 'Title is required', starts_at: ALERT_MESSAGES.startInvalid, link: 'Must be a valid URL' } } },
      })
      expect(await callApi('POST', '/alerts', { key, body: { level: 'info', title: 'Back', starts_at: '2030-03-04T10:00:00Z', ends_at: '2030-03-04T09:00:00Z' } })).toMatchObject({
        status: 400,
        body: { error: { fields: { ends_at: ALERT_MESSAGES.endBeforeStart } } },
      })

      expect((await callApi('DELETE', `/alerts/${id}`, { key })).status).toBe(204)
      expect(await callApi('GET', `/alerts/${id}`, { key })).toMatchObject({ status: 404 })
      expect(await db.selectFrom('alerts').select('id').execute()).toEqual([])
      expect(await callApi('GET', '/alerts', { key: null })).toMatchObject({ status: 401 })
    })
  })
})
