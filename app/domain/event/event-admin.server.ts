import { publishChanges } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { removeStoredFiles, storeImage } from '#app/lib/uploads/uploads.server.ts'
import { writeWithUpload } from '#app/lib/uploads/write-with-upload.server.ts'
import { zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import { newId, now } from '#db/portable.ts'
import { toSchoolEvent } from './event.server.ts'
import type { SchoolEvent } from './event.ts'
import { EVENT_MESSAGES, type EventInput } from './event.schema.ts'

/** Images uploaded from the event dialog live here; gallery images chosen for an event are never removed with it. */
const EVENT_IMAGE_PREFIX = 'events'
const EVENT_IMAGE_URL_PREFIX = `/files/uploads/${EVENT_IMAGE_PREFIX}/`

/** What the form gives, plus the checked bytes of an uploaded image. */
export type EventSubmission = Omit<EventInput, 'imageFile'> & { imageBytes?: Uint8Array | null }

/** Spec §7: all events by start date descending, for the admin. */
export async function listEventsForAdmin(): Promise<SchoolEvent[]> {
  const rows = await db.selectFrom('events').selectAll().orderBy('start_date', 'desc').orderBy('id').execute()
  return rows.map(toSchoolEvent)
}

/** A write that did not happen says why, as the form shows it. */
export type EventWriteResult = { ok: true; id: string } | { ok: false; status: 400 | 404; error: string; field?: 'endDate' }

const EVENT_NOT_FOUND = { ok: false, status: 404, error: EVENT_MESSAGES.notFound } as const
const END_BEFORE_START = { ok: false, status: 400, error: EVENT_MESSAGES.endBeforeStart, field: 'endDate' } as const

/**
 * The instants stored, or null when the end falls before the start once
 * converted: a start in the hour the clocks skip moves forward past an end
 * the form accepted (01:30 to 02:00 on the night clocks go from 01:00 to 02:00).
 */
function storedTimes(input: EventSubmission, timeZone: string) {
  const start = zonedTimeToUtc(input.startDate, timeZone)
  const end = input.endDate ? zonedTimeToUtc(input.endDate, timeZone) : null
  return end !== null && end < start ? null : { start_date: start, end_date: end }
}

type StoredTimes = NonNullable<ReturnType<typeof storedTimes>>

function toRow(input: EventSubmission, times: StoredTimes, imageUrl: string | null) {
  return { title: input.title, description: input.description, ...times, image_url: imageUrl }
}

/** An uploaded image wins over the chosen image URL. */
function writeWithImage(input: EventSubmission, write: (imageUrl: string | null) => Promise<boolean>) {
  const bytes = input.imageBytes
  const store = bytes ? () => storeImage(storage, 'uploads', bytes, EVENT_IMAGE_PREFIX) : null
  return writeWithUpload(store, (uploaded) => write(uploaded ?? input.imageUrl))
}

/** Removes an image uploaded for an event once no event shows it any more. */
async function removeUnusedEventImage(url: string | null) {
  if (!url?.startsWith(EVENT_IMAGE_URL_PREFIX)) return
  const stillShown = await db.selectFrom('events').select('id').where('image_url', '=', url).executeTakeFirst()
  if (!stillShown) await removeStoredFiles(storage, [url])
}

export async function createEvent(input: EventSubmission, timeZone = config.timeZone): Promise<EventWriteResult> {
  const times = storedTimes(input, timeZone)
  if (!times) return END_BEFORE_START
  const id = newId()
  await writeWithImage(input, async (imageUrl) => {
    await db
      .insertInto('events')
      .values({ id, ...toRow(input, times, imageUrl), created_at: now() })
      .execute()
    return true
  })
  await publishChanges({ table: 'events', type: 'insert', id })
  return { ok: true, id }
}

/** Nothing is stored when no event has that id. */
export async function updateEvent(id: string, input: EventSubmission, timeZone = config.timeZone): Promise<EventWriteResult> {
  const times = storedTimes(input, timeZone)
  if (!times) return END_BEFORE_START
  const previous = await db.selectFrom('events').select('image_url').where('id', '=', id).executeTakeFirst()
  if (!previous) return EVENT_NOT_FOUND
  const updated = await writeWithImage(input, async (imageUrl) => {
    const result = await db.updateTable('events').set(toRow(input, times, imageUrl)).where('id', '=', id).executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  })
  if (!updated) return EVENT_NOT_FOUND
  await publishChanges({ table: 'events', type: 'update', id })
  await removeUnusedEventImage(previous.image_url)
  return { ok: true, id }
}

/** False when no event has that id. */
export async function deleteEvent(id: string): Promise<boolean> {
  const previous = await db.selectFrom('events').select('image_url').where('id', '=', id).executeTakeFirst()
  if (!previous) return false
  const result = await db.deleteFrom('events').where('id', '=', id).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) return false
  await publishChanges({ table: 'events', type: 'delete', id })
  await removeUnusedEventImage(previous.image_url)
  return true
}
