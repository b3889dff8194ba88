import { describe, expect, test } from 'vitest'
import { EVENT_MESSAGES } from '#app/domain/event/event.schema.ts'
import { updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { revokeApiKey } from '#app/services/api/api-keys.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import { readTimestamp } from '#db/portable.ts'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

/** The fields of an event given none of its details (place, category, repeat). */
const NO_DETAILS = { all_day: false, location: null, map_url: null, category_id: null, recurrence: null, exceptions: [] }

const storedRow = (id: string) => db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst()

describe(`content API: events on ${database.engine}`, () => {
  test('create 201 with the stored event (an offset time as that instant, a local one on the school\'s clocks), tells the change feed; read, PATCH, DELETE 204', async () => {
    const { key } = await apiKeyFor('editor')
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['events'], (change) => changes.push(change))
    const created = await callApi('POST', '/events', { key, body: { title: 'Sports Day', start_date: '2030-06-01T09:00:00+02:00', end_date: '2030-06-01T15:30' } })
    unsubscribe()
    expect(created.status).toBe(201)
    const id = created.body!.id as string
    const end = zonedTimeToUtc('2030-06-01T15:30', config.timeZone)
    expect(created.body).toEqual({ id, title: 'Sports Day', status: 'published', description: null, start_date: '2030-06-01T07:00:00.000Z', end_date: end, image_url: null, ...NO_DETAILS, slug: expect.stringMatching(/^sports-day/) })
    const row = (await storedRow(id))!
    expect(readTimestamp(row.start_date)).toBe('2030-06-01T07:00:00.000Z')
    expect(changes).toEqual([{ table: 'events', type: 'insert', id }])

    expect(await callApi('GET', `/events/${id}`, { key })).toMatchObject({ status: 200, body: created.body })
    const changed = await callApi('PATCH', `/events/${id}`, { key, body: { title: 'Sports Day 2030', end_date: null } })
    expect(changed).toMatchObject({ status: 200, body: { id, title: 'Sports Day 2030', start_date: '2030-06-01T07:00:00.000Z', end_date: null } })
    expect((await storedRow(id))!.end_date).toBeNull()

    expect((await callApi('DELETE', `/events/${id}`, { key })).status).toBe(204)
    expect(await storedRow(id)).toBeUndefined()
    expect(await callApi('DELETE', `/events/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: EVENT_MESSAGES.notFound } } })
  })

  test('the list is paginated, latest start first, with the total; ending_since keeps the events not yet over', async () => {
    const { key } = await apiKeyFor('editor')
    await db.deleteFrom('events').execute()
    const ids: string[] = []
    for (const start of ['2020-01-10T10:00:00Z', '2030-01-10T10:00:00Z', '2031-01-10T10:00:00Z']) {
      ids.push((await callApi('POST', '/events', { key, body: { title: `Event ${start}`, start_date: start } })).body!.id as string)
    }
    const first = await callApi('GET', '/events?per_page=2', { key })
    expect(first.body).toMatchObject({ page: 1, per_page: 2, total: 3 })
    expect((first.body!.data as { id: string }[]).map((item) => item.id)).toEqual([ids[2], ids[1]])
    const second = await callApi('GET', '/events?per_page=2&page=2', { key })
    expect((second.body!.data as { id: string }[]).map((item) => item.id)).toEqual([ids[0]])
    const upcoming = await callApi('GET', '/events?ending_since=2025-01-01T00:00:00Z', { key })
    expect(upcoming.body).toMatchObject({ total: 2 })
    expect((upcoming.body!.data as { id: string }[]).map((item) => item.id)).toEqual([ids[2], ids[1]])
    expect(await callApi('GET', '/events?ending_since=soon', { key })).toMatchObject({ status: 400, body: { error: { fields: { ending_since: expect.any(String) } } } })
  })

  test('invalid input is refused with the form\'s messages by field; nothing is stored', async () => {
    const { key } = await apiKeyFor('editor')
    const before = await db.selectFrom('events').select('id').execute()
    expect(await callApi('POST', '/events', { key, body: { title: '', start_date: '2030-02-30T10:00', end_date: 'tomorrow' } })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { title: 'Title is required', start_date: 'Start date must be a valid date and time', end_date: 'End date must be a valid date and time' } } },
    })
    expect(await callApi('POST', '/events', { key, body: { title: 'Late', start_date: '2030-06-01T10:00:00Z', end_date: '2030-06-01T09:00:00Z' } })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { end_date: EVENT_MESSAGES.endBeforeStart } } },
    })
    expect(await db.selectFrom('events').select('id').execute()).toEqual(before)
  })

  test('a key whose owner is below editor is refused; a revoked key is 401', async () => {
    const { key, id, owner } = await apiKeyFor('editor', 'editor')
    expect((await callApi('GET', '/events', { key })).status).toBe(200)
    await updateUserAccess(owner.userId, { role: 'user', status: 'approved' })
    expect(await callApi('POST', '/events', { key, body: { title: 'A', start_date: '2030-01-01T10:00:00Z' } })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    await updateUserAccess(owner.userId, { role: 'editor', status: 'approved' })
    await revokeApiKey(id)
    expect(await callApi('GET', '/events', { key })).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
  })
})
