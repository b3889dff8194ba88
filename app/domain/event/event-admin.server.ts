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
import type { EventInput } from './event.schema.ts'

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

function toRow(input: EventSubmission, imageUrl: string | null, timeZone: string) {
  return {
    title: input.title,
    description: input.description,
    start_date: zonedTimeToUtc(input.startDate, timeZone),
    end_date: input.endDate ? zonedTimeToUtc(input.endDate, timeZone) : null,
    image_url: imageUrl,
  }
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

export async function createEvent(input: EventSubmission, timeZone = config.timeZone): Promise<string> {
  const id = newId()
  await writeWithImage(input, async (imageUrl) => {
    await db
      .insertInto('events')
      .values({ id, ...toRow(input, imageUrl, timeZone), created_at: now() })
      .execute()
    return true
  })
  await publishChanges({ table: 'events', type: 'insert', id })
  return id
}

/** False when no event has that id (and nothing is stored). */
export async function updateEvent(id: string, input: EventSubmission, timeZone = config.timeZone): Promise<boolean> {
  const previous = await db.selectFrom('events').select('image_url').where('id', '=', id).executeTakeFirst()
  if (!previous) return false
  const updated = await writeWithImage(input, async (imageUrl) => {
    const result = await db.updateTable('events').set(toRow(input, imageUrl, timeZone)).where('id', '=', id).executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  })
  if (!updated) return false
  await publishChanges({ table: 'events', type: 'update', id })
  await removeUnusedEventImage(previous.image_url)
  return true
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
