import type { Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readTimestamp } from '#db/portable.ts'
import type { TestimonialTable } from '#db/tables/content.ts'

import type { Testimonial } from './testimonial.ts'

export type { Testimonial }

export const HOME_TESTIMONIAL_COUNT = 3

function newestFirst() {
  return db.selectFrom('testimonials').selectAll().orderBy('created_at', 'desc').orderBy('id')
}

export function toTestimonial(row: Selectable<TestimonialTable>): Testimonial {
  return {
    id: row.id,
    parentName: row.parent_name,
    message: row.message,
    rating: row.rating,
    createdAt: readTimestamp(row.created_at),
  }
}

/** The newest few, for the home page. */
export async function listNewestTestimonials(limit = HOME_TESTIMONIAL_COUNT): Promise<Testimonial[]> {
  return (await newestFirst().limit(limit).execute()).map(toTestimonial)
}

/** One testimonial, or null when there is none with this id. */
export async function getTestimonial(id: string): Promise<Testimonial | null> {
  const row = await db.selectFrom('testimonials').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toTestimonial(row) : null
}

/** A page of all testimonials, newest first, with how many there are. */
export async function listTestimonialsPage(query: { limit: number; offset: number }): Promise<{ testimonials: Testimonial[]; total: number }> {
  const [rows, count] = await Promise.all([
    newestFirst().limit(query.limit).offset(query.offset).execute(),
    db.selectFrom('testimonials').select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { testimonials: rows.map(toTestimonial), total: Number(count.total) }
}
