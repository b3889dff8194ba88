import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { newId, now } from '#db/portable.ts'
import { TESTIMONIAL_MESSAGES, type TestimonialInput } from './testimonial.schema.ts'
import { toTestimonial, type Testimonial } from './testimonial.server.ts'

const notFound = () => DomainError.notFound(TESTIMONIAL_MESSAGES.notFound)

async function readBack(tx: WriteTransaction, id: string): Promise<Testimonial> {
  return toTestimonial(await tx.db.selectFrom('testimonials').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

export async function createTestimonial(input: TestimonialInput): Promise<Testimonial> {
  const id = newId()
  return writeTransaction(async (tx) => {
    await tx.db
      .insertInto('testimonials')
      .values({ id, parent_name: input.parentName, message: input.message, rating: input.rating, created_at: now() })
      .execute()
    tx.publish({ table: 'testimonials', type: 'insert', id })
    return readBack(tx, id)
  })
}

/** The same fields on an existing testimonial; its date stays. */
export async function updateTestimonial(id: string, input: TestimonialInput): Promise<Testimonial> {
  return writeTransaction(async (tx) => {
    const result = await tx.db
      .updateTable('testimonials')
      .set({ parent_name: input.parentName, message: input.message, rating: input.rating })
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) throw notFound()
    tx.publish({ table: 'testimonials', type: 'update', id })
    return readBack(tx, id)
  })
}

export async function deleteTestimonial(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const result = await tx.db.deleteFrom('testimonials').where('id', '=', id).executeTakeFirst()
    if (Number(result.numDeletedRows) === 0) throw notFound()
    tx.publish({ table: 'testimonials', type: 'delete', id })
  })
}
