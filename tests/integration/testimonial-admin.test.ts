import { describe, expect, test } from 'vitest'
import { createTestimonial, deleteTestimonial, updateTestimonial } from '#app/domain/testimonial/testimonial-admin.server.ts'
import { TESTIMONIAL_MESSAGES } from '#app/domain/testimonial/testimonial.schema.ts'
import { listNewestTestimonials } from '#app/domain/testimonial/testimonial.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

async function storedRow(id: string) {
  return db.selectFrom('testimonials').select(['parent_name', 'message', 'rating', 'created_at']).where('id', '=', id).executeTakeFirst()
}

const notFound = { code: 'not_found', message: TESTIMONIAL_MESSAGES.notFound }

describe(`testimonials on ${database.engine}`, () => {
  test('a testimonial is stored, edited and deleted, each write returned and announced', async () => {
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['testimonials'], (change) => changes.push(change))
    const before = Date.now()
    const created = await createTestimonial({ parentName: 'Amina Khan', message: 'A kind school.', rating: 4 })
    const id = created.id
    expect(created).toMatchObject({ parentName: 'Amina Khan', message: 'A kind school.', rating: 4 })
    const row = (await storedRow(id))!
    expect(row).toMatchObject({ parent_name: 'Amina Khan', message: 'A kind school.', rating: 4 })
    expect(new Date(row.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect((await listNewestTestimonials(1)).map((testimonial) => testimonial.id)).toEqual([id])

    const updated = await updateTestimonial(id, { parentName: 'Amina K.', message: 'A very kind school.', rating: 5 })
    expect(updated).toEqual({ ...created, parentName: 'Amina K.', message: 'A very kind school.', rating: 5 })
    expect(await storedRow(id)).toMatchObject({ parent_name: 'Amina K.', message: 'A very kind school.', rating: 5 })

    await deleteTestimonial(id)
    unsubscribe()
    expect(await storedRow(id)).toBeUndefined()
    expect(changes).toEqual([
      { table: 'testimonials', type: 'insert', id },
      { table: 'testimonials', type: 'update', id },
      { table: 'testimonials', type: 'delete', id },
    ])
  })

  test('an unknown id is refused as not found and changes nothing', async () => {
    const before = await db.selectFrom('testimonials').selectAll().orderBy('id').execute()
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['testimonials'], (change) => changes.push(change))
    await expect(updateTestimonial('no-such-id', { parentName: 'Nobody', message: 'Hello', rating: 3 })).rejects.toMatchObject(notFound)
    await expect(deleteTestimonial('no-such-id')).rejects.toMatchObject(notFound)
    unsubscribe()
    expect(changes).toEqual([])
    expect(await db.selectFrom('testimonials').selectAll().orderBy('id').execute()).toEqual(before)
  })
})
