import type { Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { isUniqueViolation, newId } from '#db/portable.ts'
import type { EventCategoryTable } from '#db/tables/content.ts'
import { slugify } from '../publishing/slug.ts'
import { isCategoryColour, type EventCategory } from './event-category.ts'
import { EVENT_CATEGORY_MESSAGES, type EventCategoryInput } from './event-category.schema.ts'

export function toEventCategory(row: Selectable<EventCategoryTable>): EventCategory {
  return { id: row.id, name: row.name, slug: row.slug, colour: isCategoryColour(row.colour) ? row.colour : 'gray', position: row.position }
}

/** Every category in the admins' order. */
export async function listEventCategories(): Promise<EventCategory[]> {
  const rows = await db.selectFrom('event_categories').selectAll().orderBy('position').orderBy('name').execute()
  return rows.map(toEventCategory)
}

export async function getEventCategory(id: string): Promise<EventCategory | null> {
  const row = await db.selectFrom('event_categories').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toEventCategory(row) : null
}

export async function getEventCategoryBySlug(slug: string): Promise<EventCategory | null> {
  const row = await db.selectFrom('event_categories').selectAll().where('slug', '=', slug).executeTakeFirst()
  return row ? toEventCategory(row) : null
}

const nameTaken = () => DomainError.conflict(EVENT_CATEGORY_MESSAGES.nameTaken, { name: EVENT_CATEGORY_MESSAGES.nameTaken })

/** The category's address in filters and feeds; two names that make the same one ('Sport', 'sport!') count as the same name. */
function categorySlug(name: string) {
  return slugify(name) || 'category'
}

async function assertNameFree(tx: WriteTransaction, slug: string, name: string, id: string) {
  const other = await tx.db
    .selectFrom('event_categories')
    .select('id')
    .where((eb) => eb.or([eb('slug', '=', slug), eb('name', '=', name)]))
    .where('id', '<>', id)
    .executeTakeFirst()
  if (other) throw nameTaken()
}

function uniqueRace(error: unknown): never {
  throw isUniqueViolation(error) ? nameTaken() : error
}

async function readBack(tx: WriteTransaction, id: string) {
  return toEventCategory(await tx.db.selectFrom('event_categories').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

/** A new category, after the others. */
export async function createEventCategory(input: EventCategoryInput): Promise<EventCategory> {
  const id = newId()
  const slug = categorySlug(input.name)
  return writeTransaction(async (tx) => {
    await assertNameFree(tx, slug, input.name, id)
    const last = await tx.db.selectFrom('event_categories').select((eb) => eb.fn.max('position').as('position')).executeTakeFirst()
    await tx.db
      .insertInto('event_categories')
      .values({ id, name: input.name, slug, colour: input.colour, position: Number(last?.position ?? -1) + 1 })
      .execute()
      .catch(uniqueRace)
    tx.publish({ table: 'event_categories', type: 'insert', id })
    return readBack(tx, id)
  })
}

/** A renamed category changes its address (filters, feed) with its name. */
export async function updateEventCategory(id: string, input: EventCategoryInput): Promise<EventCategory> {
  const slug = categorySlug(input.name)
  return writeTransaction(async (tx) => {
    const previous = await tx.db.selectFrom('event_categories').select('id').where('id', '=', id).executeTakeFirst()
    if (!previous) throw DomainError.notFound(EVENT_CATEGORY_MESSAGES.notFound)
    await assertNameFree(tx, slug, input.name, id)
    await tx.db.updateTable('event_categories').set({ name: input.name, slug, colour: input.colour }).where('id', '=', id).execute().catch(uniqueRace)
    tx.publish({ table: 'event_categories', type: 'update', id })
    return readBack(tx, id)
  })
}

/** Deletes the category; its events stay, without one. */
export async function deleteEventCategory(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const previous = await tx.db.selectFrom('event_categories').select('id').where('id', '=', id).executeTakeFirst()
    if (!previous) throw DomainError.notFound(EVENT_CATEGORY_MESSAGES.notFound)
    const events = await tx.db.updateTable('events').set({ category_id: null }).where('category_id', '=', id).returning('id').execute()
    await tx.db.deleteFrom('event_categories').where('id', '=', id).execute()
    for (const event of events) tx.publish({ table: 'events', type: 'update', id: event.id })
    tx.publish({ table: 'event_categories', type: 'delete', id })
  })
}
