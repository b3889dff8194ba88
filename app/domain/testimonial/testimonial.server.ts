import type { Selectable } from 'kysely'
import { publishChanges } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { newId, readTimestamp } from '#db/portable.ts'
import type { TestimonialTable } from '#db/tables/content.ts'
import type { TestimonialInput } from './testimonial.schema.ts'

export interface Testimonial {
  id: string
  parentName: string
  message: string
  rating: number
  createdAt: string
}

export const HOME_TESTIMONIAL_COUNT = 3

function newestFirst() {
  return db.selectFrom('testimonials').selectAll().orderBy('created_at', 'desc').orderBy('id')
}

function toTestimonial(row: Selectable<TestimonialTable>): Testimonial {
  return {
    id: row.id,
    parentName: row.parent_name,
    message: row.message,
    rating: row.rating,
    createdAt: readTimestamp(row.created_at),
  }
}

/** Spec §7: the 3 newest for the home page. */
export async function listNewestTestimonials(limit = HOME_TESTIMONIAL_COUNT): Promise<Testimonial[]> {
  return (await newestFirst().limit(limit).execute()).map(toTestimonial)
}

/** Spec §7: all, newest first, for the admin. */
export async function listTestimonials(): Promise<Testimonial[]> {
  return (await newestFirst().execute()).map(toTestimonial)
}

export async function createTestimonial(input: TestimonialInput): Promise<string> {
  const id = newId()
  await db
    .insertInto('testimonials')
    .values({ id, parent_name: input.parentName, message: input.message, rating: input.rating, created_at: new Date().toISOString() })
    .execute()
  await publishChanges({ table: 'testimonials', type: 'insert', id })
  return id
}

/** False when no testimonial has that id. */
export async function updateTestimonial(id: string, input: TestimonialInput): Promise<boolean> {
  const result = await db
    .updateTable('testimonials')
    .set({ parent_name: input.parentName, message: input.message, rating: input.rating })
    .where('id', '=', id)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) return false
  await publishChanges({ table: 'testimonials', type: 'update', id })
  return true
}

/** False when no testimonial has that id. */
export async function deleteTestimonial(id: string): Promise<boolean> {
  const result = await db.deleteFrom('testimonials').where('id', '=', id).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) return false
  await publishChanges({ table: 'testimonials', type: 'delete', id })
  return true
}
