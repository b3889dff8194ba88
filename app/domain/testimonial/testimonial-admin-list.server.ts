import { db } from '#app/lib/db.server.ts'
import { pageOfQuery, requireExistingIds } from '#app/lib/list-page.server.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'
import { containsText } from '#app/lib/text-filter.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { deleteTestimonial } from './testimonial-admin.server.ts'
import { toTestimonial } from './testimonial.server.ts'
import type { Testimonial } from './testimonial.ts'

/** One page of the admin testimonials, newest first, matching the search in the parent's name or the message (docs/product-rules.md#admin-lists). */
export async function listTestimonialsForAdmin({ search = '', page = 1 }: { search?: string; page?: number } = {}): Promise<{ testimonials: Testimonial[]; pages: ListPageInfo }> {
  let shown = db.selectFrom('testimonials')
  if (search) shown = shown.where(containsText(['parent_name', 'message'], search))
  const { rows, pages } = await pageOfQuery(shown.selectAll().orderBy('created_at', 'desc').orderBy('id'), page)
  return { testimonials: rows.map(toTestimonial), pages }
}

/** Deletes the selected testimonials in one write, each as a single delete does. */
export async function deleteTestimonials(ids: readonly string[]): Promise<number> {
  return writeTransaction(async (tx) => {
    await requireExistingIds(tx, 'testimonials', ids)
    for (const id of ids) await deleteTestimonial(id)
    return ids.length
  })
}
