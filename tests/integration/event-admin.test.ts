import sharp from 'sharp'
import { describe, expect, test, vi } from 'vitest'
import { createEvent, deleteEvent, listEventsForAdmin, updateEvent, type EventSubmission } from '#app/domain/event/event-admin.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'
import { storeImage } from '#app/lib/uploads/uploads.server.ts'
import { readNullableTimestamp, readTimestamp } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()
const TIME_ZONE = 'America/New_York'

async function png() {
  return new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer())
}

function submission(overrides: Partial<EventSubmission> = {}): EventSubmission {
  return { title: 'Sports Day', description: null, startDate: '2027-06-10T09:00', endDate: null, imageUrl: null, imageBytes: null, ...overrides }
}

/** The id of a created event; the test fails when the write was refused. */
async function created(input: EventSubmission) {
  const result = await createEvent(input, TIME_ZONE)
  if (!result.ok) throw new Error(`refused: ${result.error}`)
  return result.id
}

async function storedRow(id: string) {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst()
  return row && { ...row, start_date: readTimestamp(row.start_date), end_date: readNullableTimestamp(row.end_date) }
}

async function isStored(url: string | null | undefined) {
  const location = url ? parsePublicUrl(url) : null
  if (!location) return false
  const object = await storage.get(location.bucket, location.key)
  object?.body.destroy()
  return object !== null
}

describe(`event writes on ${database.engine}`, () => {
  test('dates typed on the school clocks are stored as UTC instants, across the DST change', async () => {
    const id = await created(submission({ startDate: '2027-03-13T18:00', endDate: '2027-03-14T18:00' }))
    expect(await storedRow(id)).toMatchObject({ start_date: '2027-03-13T23:00:00.000Z', end_date: '2027-03-14T22:00:00.000Z' })

    expect(await updateEvent(id, submission({ startDate: '2027-11-07T00:00' }), TIME_ZONE)).toMatchObject({ ok: true })
    expect(await storedRow(id)).toMatchObject({ start_date: '2027-11-07T04:00:00.000Z', end_date: null })
  })

  test('an end that falls before the start once the clocks skip an hour is refused, and nothing is stored', async () => {
    // New York, 14 March 2027: clocks go from 02:00 to 03:00, so a 02:30 start becomes 03:30, after a 03:00 end.
    const before = await db.selectFrom('events').select('id').execute()
    const gap = submission({ startDate: '2027-03-14T02:30', endDate: '2027-03-14T03:00' })
    expect(await createEvent(gap, TIME_ZONE)).toEqual({ ok: false, status: 400, error: 'End date must be after the start date', field: 'endDate' })
    expect(await db.selectFrom('events').select('id').execute()).toEqual(before)

    const id = await created(submission({ startDate: '2027-03-14T01:00', endDate: '2027-03-14T03:00' }))
    expect(await updateEvent(id, gap, TIME_ZONE)).toMatchObject({ ok: false, status: 400 })
    expect(await storedRow(id)).toMatchObject({ start_date: '2027-03-14T06:00:00.000Z', end_date: '2027-03-14T07:00:00.000Z' })
  })

  test('the admin list is ordered by start date, latest first', async () => {
    const early = await created(submission({ title: 'Early', startDate: '2030-01-01T09:00' }))
    const late = await created(submission({ title: 'Late', startDate: '2031-01-01T09:00' }))
    const ids = (await listEventsForAdmin()).map((event) => event.id)
    expect(ids.indexOf(late)).toBeLessThan(ids.indexOf(early))
    expect(ids[0]).toBe(late)
  })

  test('an uploaded image is stored under uploads/events, replaced and removed with the event', async () => {
    const id = await created(submission({ imageUrl: '/files/gallery/ignored.webp', imageBytes: await png() }))
    const first = (await storedRow(id))!.image_url
    expect(first).toMatch(/^\/files\/uploads\/events\/[0-9a-f-]+\.webp$/)
    expect(await isStored(first)).toBe(true)

    expect(await updateEvent(id, submission({ imageUrl: first, imageBytes: await png() }), TIME_ZONE)).toMatchObject({ ok: true })
    const second = (await storedRow(id))!.image_url
    expect(second).not.toBe(first)
    expect(await isStored(first)).toBe(false)
    expect(await isStored(first!.replace('.webp', '.w480.webp'))).toBe(false)

    expect(await updateEvent(id, submission({ title: 'Renamed', imageUrl: second }), TIME_ZONE)).toMatchObject({ ok: true })
    expect(await isStored(second)).toBe(true)

    expect(await deleteEvent(id)).toBe(true)
    expect(await storedRow(id)).toBeUndefined()
    expect(await isStored(second)).toBe(false)
  })

  test('a gallery image chosen for an event stays in the gallery when the event goes', async () => {
    const galleryUrl = await storeImage(storage, 'gallery', await png())
    const id = await created(submission({ imageUrl: galleryUrl }))
    expect(await updateEvent(id, submission({ imageUrl: null }), TIME_ZONE)).toMatchObject({ ok: true })
    expect(await isStored(galleryUrl)).toBe(true)

    expect(await updateEvent(id, submission({ imageUrl: galleryUrl }), TIME_ZONE)).toMatchObject({ ok: true })
    expect(await deleteEvent(id)).toBe(true)
    expect(await isStored(galleryUrl)).toBe(true)
  })

  test('an unknown id changes nothing and stores nothing', async () => {
    const put = vi.spyOn(storage, 'put')
    try {
      expect(await updateEvent('no-such-id', submission({ imageBytes: await png() }), TIME_ZONE)).toMatchObject({ ok: false, status: 404 })
      expect(put).not.toHaveBeenCalled()
    } finally {
      put.mockRestore()
    }
    expect(await deleteEvent('no-such-id')).toBe(false)
  })

  test('a failed row write removes the image it had just stored', async () => {
    const put = vi.spyOn(storage, 'put')
    try {
      await expect(createEvent(submission({ title: null as unknown as string, imageBytes: await png() }), TIME_ZONE)).rejects.toThrow()
      expect(put.mock.calls.length).toBeGreaterThan(0)
      for (const [bucket, key] of put.mock.calls) expect(await storage.get(bucket, key)).toBeNull()
    } finally {
      put.mockRestore()
    }
  })
})
