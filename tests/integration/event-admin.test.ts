import sharp from 'sharp'
import { describe, expect, test, vi } from 'vitest'
import { createEvent, deleteEvent, listEventsForAdmin, updateEvent, type EventSubmission } from '#app/domain/event/event-admin.server.ts'
import { EVENT_MESSAGES } from '#app/domain/event/event.schema.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { storeImage } from '#app/lib/uploads/uploads.server.ts'
import { readNullableTimestamp, readTimestamp } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { isStored } from '#tests/setup/stored-files.ts'

const database = prepareTestDatabase()
const TIME_ZONE = 'America/New_York'

async function pngBytes() {
  return new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer())
}

/** An image file as the form posts it. */
async function png() {
  return new File([await pngBytes()], 'poster.png', { type: 'image/png' })
}

function submission(overrides: Partial<EventSubmission> = {}): EventSubmission {
  return { title: 'Sports Day', description: null, startDate: '2027-06-10T09:00', endDate: null, imageUrl: null, imageFile: null, ...overrides }
}

async function created(input: EventSubmission) {
  return (await createEvent(input, TIME_ZONE)).id
}

async function storedRow(id: string) {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst()
  return row && { ...row, start_date: readTimestamp(row.start_date), end_date: readNullableTimestamp(row.end_date) }
}

describe(`event writes on ${database.engine}`, () => {
  test('dates typed on the school clocks are stored as UTC instants, across the DST change', async () => {
    const id = await created(submission({ startDate: '2027-03-13T18:00', endDate: '2027-03-14T18:00' }))
    expect(await storedRow(id)).toMatchObject({ start_date: '2027-03-13T23:00:00.000Z', end_date: '2027-03-14T22:00:00.000Z' })

    expect(await updateEvent(id, submission({ startDate: '2027-11-07T00:00' }), TIME_ZONE)).toEqual({
      id,
      status: 'published',
      title: 'Sports Day',
      description: null,
      startDate: '2027-11-07T04:00:00.000Z',
      endDate: null,
      imageUrl: null,
      slug: expect.stringMatching(/^sports-day/),
      allDay: false,
      location: null,
      mapUrl: null,
      category: null,
      recurrence: null,
      exceptions: [],
    })
    expect(await storedRow(id)).toMatchObject({ start_date: '2027-11-07T04:00:00.000Z', end_date: null })
  })

  test('an end that falls before the start once the clocks skip an hour is refused, and nothing is stored', async () => {
    // New York, 14 March 2027: clocks go from 02:00 to 03:00, so a 02:30 start becomes 03:30, after a 03:00 end.
    const before = await db.selectFrom('events').select('id').execute()
    const gap = submission({ startDate: '2027-03-14T02:30', endDate: '2027-03-14T03:00' })
    const endBeforeStart = { code: 'invalid', message: 'End date must be after the start date', fields: { endDate: 'End date must be after the start date' } }
    await expect(createEvent(gap, TIME_ZONE)).rejects.toMatchObject(endBeforeStart)
    expect(await db.selectFrom('events').select('id').execute()).toEqual(before)

    const id = await created(submission({ startDate: '2027-03-14T01:00', endDate: '2027-03-14T03:00' }))
    await expect(updateEvent(id, gap, TIME_ZONE)).rejects.toMatchObject(endBeforeStart)
    expect(await storedRow(id)).toMatchObject({ start_date: '2027-03-14T06:00:00.000Z', end_date: '2027-03-14T07:00:00.000Z' })
  })

  test('the admin list is ordered by start date, latest first', async () => {
    const early = await created(submission({ title: 'Early', startDate: '2030-01-01T09:00' }))
    const late = await created(submission({ title: 'Late', startDate: '2031-01-01T09:00' }))
    const ids = (await listEventsForAdmin()).map((event) => event.id)
    expect(ids.indexOf(late)).toBeLessThan(ids.indexOf(early))
    expect(ids[0]).toBe(late)
  })

  test('an uploaded image is stored under uploads/events, replaced and removed with the event; each write is announced', async () => {
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['events'], (change) => changes.push(change))
    const event = await createEvent(submission({ imageUrl: '/files/gallery/ignored.webp', imageFile: await png() }), TIME_ZONE)
    const id = event.id
    const first = (await storedRow(id))!.image_url
    expect(first).toMatch(/^\/files\/uploads\/events\/[0-9a-f-]+\.webp$/)
    expect(event.imageUrl).toBe(first)
    expect(await isStored(first)).toBe(true)

    expect(await updateEvent(id, submission({ imageUrl: first, imageFile: await png() }), TIME_ZONE)).toMatchObject({ id })
    const second = (await storedRow(id))!.image_url
    expect(second).not.toBe(first)
    expect(await isStored(first)).toBe(false)
    expect(await isStored(first!.replace('.webp', '.w480.webp'))).toBe(false)

    expect(await updateEvent(id, submission({ title: 'Renamed', imageUrl: second }), TIME_ZONE)).toMatchObject({ id, title: 'Renamed', imageUrl: second })
    expect(await isStored(second)).toBe(true)

    await deleteEvent(id)
    unsubscribe()
    expect(await storedRow(id)).toBeUndefined()
    expect(await isStored(second)).toBe(false)
    expect(changes).toEqual([
      { table: 'events', type: 'insert', id },
      { table: 'events', type: 'update', id },
      { table: 'events', type: 'update', id },
      { table: 'events', type: 'delete', id },
    ])
  })

  test('a file that is not an image is refused under its field, and nothing is stored', async () => {
    const before = await db.selectFrom('events').select('id').execute()
    const put = vi.spyOn(storage, 'put')
    try {
      const fake = new File(['<svg onload="alert(1)"/>'], 'poster.png', { type: 'image/png' })
      const notAnImage = { code: 'invalid', message: UPLOAD_MESSAGES.notAnImage, fields: { imageFile: UPLOAD_MESSAGES.notAnImage } }
      await expect(createEvent(submission({ imageFile: fake }), TIME_ZONE)).rejects.toMatchObject(notAnImage)
      const id = await created(submission({ title: 'Kept' }))
      await expect(updateEvent(id, submission({ title: 'Changed', imageFile: fake }), TIME_ZONE)).rejects.toMatchObject(notAnImage)
      expect(put).not.toHaveBeenCalled()
      expect(await storedRow(id)).toMatchObject({ title: 'Kept', image_url: null })
      expect(await db.selectFrom('events').select('id').execute()).toHaveLength(before.length + 1)
    } finally {
      put.mockRestore()
    }
  })

  test('a gallery image chosen for an event stays in the gallery when the event goes', async () => {
    const galleryUrl = await storeImage(storage, 'gallery', await pngBytes())
    const id = await created(submission({ imageUrl: galleryUrl }))
    expect(await updateEvent(id, submission({ imageUrl: null }), TIME_ZONE)).toMatchObject({ id, imageUrl: null })
    expect(await isStored(galleryUrl)).toBe(true)

    expect(await updateEvent(id, submission({ imageUrl: galleryUrl }), TIME_ZONE)).toMatchObject({ id, imageUrl: galleryUrl })
    await deleteEvent(id)
    expect(await storedRow(id)).toBeUndefined()
    expect(await isStored(galleryUrl)).toBe(true)
  })

  test('an unknown id changes nothing and leaves no uploaded file behind', async () => {
    const before = await db.selectFrom('events').selectAll().orderBy('id').execute()
    const notFound = { code: 'not_found', message: EVENT_MESSAGES.notFound }
    const put = vi.spyOn(storage, 'put')
    try {
      await expect(updateEvent('no-such-id', submission({ imageFile: await png() }), TIME_ZONE)).rejects.toMatchObject(notFound)
      // The image was stored before the row was looked up, and removed when the write refused.
      expect(put.mock.calls.length).toBeGreaterThan(0)
      for (const [bucket, key] of put.mock.calls) expect(await storage.get(bucket, key)).toBeNull()
    } finally {
      put.mockRestore()
    }
    await expect(deleteEvent('no-such-id')).rejects.toMatchObject(notFound)
    expect(await db.selectFrom('events').selectAll().orderBy('id').execute()).toEqual(before)
  })

  test('a failed row write removes the image it had just stored', async () => {
    const put = vi.spyOn(storage, 'put')
    try {
      await expect(createEvent(submission({ title: null as unknown as string, imageFile: await png() }), TIME_ZONE)).rejects.toThrow()
      expect(put.mock.calls.length).toBeGreaterThan(0)
      for (const [bucket, key] of put.mock.calls) expect(await storage.get(bucket, key)).toBeNull()
    } finally {
      put.mockRestore()
    }
  })
})
