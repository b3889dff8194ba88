import { containsText } from '#app/lib/text-filter.server.ts'
import { db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { removeFileOnceUnused, writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { chosenFile } from '#app/lib/uploads/upload-rules.ts'
import { checkImageUpload, storeImage } from '#app/lib/uploads/uploads.server.ts'
import { isWallClockTime, zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { newId, now, writeJson } from '#db/portable.ts'
import { announce } from '../outbox/announce.server.ts'
import { firstFreeSlug, SLUG_MAX_LENGTH, slugify } from '../publishing/slug.ts'
import { toSchoolEvent, toSchoolEvents } from './event.server.ts'
import { isPlainDate } from './recurrence.ts'
import { checkSeries } from './recurrence.server.ts'
import type { SchoolEvent } from './event.ts'
import { toEventCategory } from './event-category.server.ts'
import { EVENT_MESSAGES, type EventInput } from './event.schema.ts'

/** Images uploaded from the event dialog live here; gallery images chosen for an event are never removed with it. */
const EVENT_IMAGE_PREFIX = 'events'
const EVENT_IMAGE_URL_PREFIX = `/files/uploads/${EVENT_IMAGE_PREFIX}/`

/** The details an event may leave out when another part of the site makes it (the school-closed entry): none of them. */
type EventDetails = 'allDay' | 'location' | 'mapUrl' | 'categoryId' | 'recurrence' | 'exceptions'

/** What the form (or the content API) gives: the checked fields, and an uploaded image that wins over `imageUrl`. */
export type EventSubmission = Omit<EventInput, 'imageFile' | EventDetails> & Partial<Pick<EventInput, EventDetails>> & { imageFile?: unknown }

const notFound = () => DomainError.notFound(EVENT_MESSAGES.notFound)

/** All events by start date, latest first, for the admin. */
export async function listEventsForAdmin({ search = '' }: { search?: string } = {}): Promise<SchoolEvent[]> {
  let query = db.selectFrom('events').selectAll()
  if (search) query = query.where(containsText(['title'], search))
  const rows = await query.orderBy('start_date', 'desc').orderBy('id').execute()
  return toSchoolEvents(rows)
}

/**
 * The wall-clock value of a start or end: a date and time, or for an
 * all-day event midnight of the date (a date and time given for one keeps
 * its date).
 */
function wallClockOf(value: string, allDay: boolean, field: 'startDate' | 'endDate') {
  if (allDay) {
    const date = value.slice(0, 10)
    if (!isPlainDate(date)) throw DomainError.invalidField(field, field === 'startDate' ? EVENT_MESSAGES.startDay : EVENT_MESSAGES.endDay)
    return `${date}T00:00`
  }
  if (!isWallClockTime(value)) throw DomainError.invalidField(field, `${field === 'startDate' ? 'Start' : 'End'} date must be a valid date and time`)
  return value
}

/**
 * The instants stored. The end is checked again once converted: a start in
 * the hour the clocks skip moves forward past an end the form accepted
 * (01:30 to 02:00 on the night clocks go from 01:00 to 02:00).
 */
function storedTimes(input: EventSubmission, timeZone: string) {
  const allDay = input.allDay ?? false
  const start = zonedTimeToUtc(wallClockOf(input.startDate, allDay, 'startDate'), timeZone)
  const end = input.endDate ? zonedTimeToUtc(wallClockOf(input.endDate, allDay, 'endDate'), timeZone) : null
  if (end !== null && end < start) throw DomainError.invalidField('endDate', EVENT_MESSAGES.endBeforeStart)
  checkSeries(start, input.recurrence ?? null, timeZone)
  return { start_date: start, end_date: end }
}

async function checkCategory(tx: WriteTransaction, categoryId: string | null) {
  if (categoryId === null) return
  const category = await tx.db.selectFrom('event_categories').select('id').where('id', '=', categoryId).executeTakeFirst()
  if (!category) throw DomainError.invalidField('categoryId', EVENT_MESSAGES.categoryMissing)
}

/** A slug made from the title that no other event has: 'open-day', then 'open-day-2'. */
async function freeSlug(tx: WriteTransaction, title: string): Promise<string> {
  const base = slugify(title).slice(0, SLUG_MAX_LENGTH - 10).replace(/-+$/, '') || 'event'
  const taken = new Set(
    (await tx.db.selectFrom('events').select('slug').where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)])).execute()).map((row) => row.slug),
  )
  return firstFreeSlug(base, (slug) => taken.has(slug))
}

/** The chosen image file, checked by its bytes and stored; null when none was chosen. */
async function storedImage(value: unknown): Promise<string | null> {
  const file = chosenFile(value)
  if (!file) return null
  const checked = await checkImageUpload(file)
  if (!checked.ok) throw DomainError.invalidField('imageFile', checked.error)
  return storeImage(storage, 'uploads', checked.value, EVENT_IMAGE_PREFIX)
}

function toRow(input: EventSubmission, times: ReturnType<typeof storedTimes>, imageUrl: string | null) {
  return {
    title: input.title,
    description: input.description,
    ...times,
    image_url: imageUrl,
    all_day: input.allDay ?? false,
    location: input.location ?? null,
    map_url: input.mapUrl ?? null,
    category_id: input.categoryId ?? null,
    recurrence: input.recurrence ?? null,
    // Skipped dates mean nothing without a repeat rule.
    exceptions: input.recurrence && input.exceptions?.length ? writeJson(input.exceptions) : null,
  }
}

async function readBack(tx: WriteTransaction, id: string): Promise<SchoolEvent> {
  const row = await tx.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  // Through the transaction: on SQLite it holds the only connection.
  const categories = row.category_id ? await tx.db.selectFrom('event_categories').selectAll().where('id', '=', row.category_id).execute() : []
  return toSchoolEvent(row, categories.map(toEventCategory))
}

/** Removes a file uploaded for a row of `events` after commit, once no row shows it any more. */
function removeIfUnused(tx: WriteTransaction, url: string | null) {
  return removeFileOnceUnused(tx, url, EVENT_IMAGE_URL_PREFIX, (file) => tx.db.selectFrom('events').select('id').where('image_url', '=', file).executeTakeFirst())
}

/** An event published (added, or a draft made public) is announced to subscribers; an edit of a public one is not (docs/product-rules.md#subscriptions). */
function announceEvent(tx: WriteTransaction, id: string) {
  return announce(tx, { topic: 'events', subjectTable: 'events', subjectId: id })
}

/**
 * A new event, published unless saved as a draft; its dates are wall-clock
 * times of the school's time zone. `announced: false` keeps a published one
 * from the subscribers' event mails: the calendar entry of a school closure,
 * whose alert already tells them.
 */
export async function createEvent(input: EventSubmission, timeZone?: string, { announced = true }: { announced?: boolean } = {}): Promise<SchoolEvent> {
  timeZone ??= await siteTimeZone()
  const times = storedTimes(input, timeZone)
  const uploadedImage = await storedImage(input.imageFile)
  const id = newId()
  return writeTransaction(
    async (tx) => {
      await checkCategory(tx, input.categoryId ?? null)
      const slug = await freeSlug(tx, input.title)
      await tx.db
        .insertInto('events')
        .values({ id, slug, ...toRow(input, times, uploadedImage ?? input.imageUrl), status: input.publication ?? 'published', created_at: now() })
        .execute()
      tx.publish({ table: 'events', type: 'insert', id })
      if (announced && (input.publication ?? 'published') === 'published') await announceEvent(tx, id)
      return readBack(tx, id)
    },
    { uploads: [uploadedImage] },
  )
}

/** The same fields on an existing event. A replaced uploaded image goes after the commit. */
export async function updateEvent(id: string, input: EventSubmission, timeZone?: string): Promise<SchoolEvent> {
  timeZone ??= await siteTimeZone()
  const times = storedTimes(input, timeZone)
  const uploadedImage = await storedImage(input.imageFile)
  return writeTransaction(
    async (tx) => {
      const previous = await tx.db.selectFrom('events').select(['image_url', 'status']).where('id', '=', id).executeTakeFirst()
      if (!previous) throw notFound()
      await checkCategory(tx, input.categoryId ?? null)
      const imageUrl = uploadedImage ?? input.imageUrl
      await tx.db
        .updateTable('events')
        .set({ ...toRow(input, times, imageUrl), ...(input.publication ? { status: input.publication } : {}) })
        .where('id', '=', id)
        .execute()
      tx.publish({ table: 'events', type: 'update', id })
      if (previous.status !== 'published' && input.publication === 'published') await announceEvent(tx, id)
      if (previous.image_url !== imageUrl) await removeIfUnused(tx, previous.image_url)
      return readBack(tx, id)
    },
    { uploads: [uploadedImage] },
  )
}

/** Deletes the event; an image uploaded for it goes after the commit. */
export async function deleteEvent(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const previous = await tx.db.selectFrom('events').select('image_url').where('id', '=', id).executeTakeFirst()
    if (!previous) throw notFound()
    await tx.db.deleteFrom('events').where('id', '=', id).execute()
    tx.publish({ table: 'events', type: 'delete', id })
    await removeIfUnused(tx, previous.image_url)
  })
}
