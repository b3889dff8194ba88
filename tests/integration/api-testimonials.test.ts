import { describe, expect, test } from 'vitest'
import { TESTIMONIAL_MESSAGES } from '#app/domain/testimonial/testimonial.schema.ts'
import { updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { revokeApiKey } from '#app/services/api/api-keys.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

const storedRow = (id: string) => db.selectFrom('testimonials').selectAll().where('id', '=', id).executeTakeFirst()

describe(`content API: testimonials on ${database.engine}`, () => {
  test('create 201 with the stored testimonial (rating 5 by default), tells the change feed; read, PATCH, DELETE 204', async () => {
    const { key } = await apiKeyFor('editor')
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['testimonials'], (change) => changes.push(change))
    const created = await callApi('POST', '/testimonials', { key, body: { parent_name: '  Ada Parent ', message: 'Lovely teachers.' } })
    unsubscribe()
    expect(created.status).toBe(201)
    const id = created.body!.id as string
    expect(created.body).toEqual({ id, parent_name: 'Ada Parent', message: 'Lovely teachers.', rating: 5, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
    expect(await storedRow(id)).toMatchObject({ parent_name: 'Ada Parent', message: 'Lovely teachers.', rating: 5 })
    expect(changes).toEqual([{ table: 'testimonials', type: 'insert', id }])

    expect(await callApi('GET', `/testimonials/${id}`, { key })).toMatchObject({ status: 200, body: created.body })
    const changed = await callApi('PATCH', `/testimonials/${id}`, { key, body: { rating: 3 } })
    expect(changed).toMatchObject({ status: 200, body: { id, parent_name: 'Ada Parent', message: 'Lovely teachers.', rating: 3, created_at: created.body!.created_at } })
    expect((await storedRow(id))!.rating).toBe(3)

    expect((await callApi('DELETE', `/testimonials/${id}`, { key })).status).toBe(204)
    expect(await storedRow(id)).toBeUndefined()
    expect(await callApi('DELETE', `/testimonials/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: TESTIMONIAL_MESSAGES.notFound } } })
  })

  test('the list is paginated, newest first, with the total', async () => {
    const { key } = await apiKeyFor('editor')
    await db.deleteFrom('testimonials').execute()
    const ids: string[] = []
    for (let index = 0; index < 3; index++) {
      ids.push((await callApi('POST', '/testimonials', { key, body: { parent_name: `Parent ${index}`, message: 'Thanks', rating: 4 } })).body!.id as string)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const first = await callApi('GET', '/testimonials?per_page=2', { key })
    expect(first.body).toMatchObject({ page: 1, per_page: 2, total: 3 })
    expect((first.body!.data as { id: string }[]).map((item) => item.id)).toEqual([ids[2], ids[1]])
    const second = await callApi('GET', '/testimonials?per_page=2&page=2', { key })
    expect((second.body!.data as { id: string }[]).map((item) => item.id)).toEqual([ids[0]])
    expect(await callApi('GET', '/testimonials?rating=5', { key })).toMatchObject({ status: 400, body: { error: { fields: { rating: 'rating is not a parameter of this list' } } } })
  })

  test('invalid input is refused with the form\'s messages by field; nothing is stored', async () => {
    const { key } = await apiKeyFor('editor')
    const before = await db.selectFrom('testimonials').select('id').execute()
    const refused = await callApi('POST', '/testimonials', { key, body: { parent_name: '', message: 'x'.repeat(1001), rating: 6 } })
    expect(refused).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'invalid',
          fields: { parent_name: 'Parent name is required', message: 'Message must be less than 1000 characters', rating: 'Rating must be a whole number from 1 to 5' },
        },
      },
    })
    expect(await db.selectFrom('testimonials').select('id').execute()).toEqual(before)
  })

  test('a key whose owner is below editor is refused; a revoked key is 401', async () => {
    const { key, id, owner } = await apiKeyFor('editor', 'editor')
    expect((await callApi('GET', '/testimonials', { key })).status).toBe(200)
    await updateUserAccess(owner.userId, { role: 'user', status: 'approved' })
    expect(await callApi('POST', '/testimonials', { key, body: { parent_name: 'A', message: 'B' } })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    await updateUserAccess(owner.userId, { role: 'editor', status: 'approved' })
    await revokeApiKey(id)
    expect(await callApi('GET', '/testimonials', { key })).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
  })
})
