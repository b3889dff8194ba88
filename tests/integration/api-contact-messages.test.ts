import { beforeEach, describe, expect, test } from 'vitest'
import { CONTACT_ADMIN_MESSAGES } from '#app/domain/contact/contact-message.schema.ts'
import { updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { revokeApiKey } from '#app/services/api/api-keys.server.ts'
import { db } from '#app/lib/db.server.ts'
import { newId, readBool } from '#db/portable.ts'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { withChangesOf } from '#tests/setup/changes.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

/** Three messages as the contact form stores them, a minute apart: the oldest read. */
async function storeMessages() {
  await db.deleteFrom('contact_messages').execute()
  const ids: string[] = []
  for (let index = 0; index < 3; index++) {
    const id = newId()
    ids.push(id)
    await db
      .insertInto('contact_messages')
      .values({ id, name: `Parent ${index}`, email: `parent${index}@example.org`, message: `Question ${index}`, read: index === 0, created_at: new Date(Date.UTC(2026, 10, 20, 9, index)).toISOString() })
      .execute()
  }
  return ids
}

const storedRead = async (id: string) => {
  const row = await db.selectFrom('contact_messages').select('read').where('id', '=', id).executeTakeFirst()
  return row && readBool(row.read)
}

describe(`content API: contact messages on ${database.engine}`, () => {
  let ids: string[]
  beforeEach(async () => {
    ids = await storeMessages()
  })

  test('the list is newest first and paginated, with the total; ?read= keeps read or unread ones', async () => {
    const { key } = await apiKeyFor('editor')
    const page = await callApi('GET', '/contact-messages?per_page=2', { key })
    expect(page.body).toMatchObject({ page: 1, per_page: 2, total: 3 })
    expect(page.body!.data).toEqual([
      { id: ids[2], name: 'Parent 2', email: 'parent2@example.org', message: 'Question 2', read: false, created_at: '2026-11-20T09:02:00.000Z' },
      { id: ids[1], name: 'Parent 1', email: 'parent1@example.org', message: 'Question 1', read: false, created_at: '2026-11-20T09:01:00.000Z' },
    ])
    const unread = await callApi('GET', '/contact-messages?read=false', { key })
    expect(unread.body).toMatchObject({ total: 2 })
    expect((unread.body!.data as { id: string }[]).map((item) => item.id)).toEqual([ids[2], ids[1]])
    const read = await callApi('GET', '/contact-messages?read=true', { key })
    expect((read.body!.data as { id: string }[]).map((item) => item.id)).toEqual([ids[0]])
    expect(await callApi('GET', '/contact-messages?read=yes', { key })).toMatchObject({ status: 400, body: { error: { fields: { read: 'read must be true or false' } } } })
  })

  test('GET one; PATCH read marks it and tells the change feed; DELETE 204 removes it', async () => {
    const { key } = await apiKeyFor('editor')
    const id = ids[1]!
    expect(await callApi('GET', `/contact-messages/${id}`, { key })).toMatchObject({ status: 200, body: { id, name: 'Parent 1', read: false } })
    const { result: marked, changes } = await withChangesOf(['contact_messages'], () => callApi('PATCH', `/contact-messages/${id}`, { key, body: { read: true } }))
    expect(marked).toMatchObject({ status: 200, body: { id, read: true, message: 'Question 1' } })
    expect(await storedRead(id)).toBe(true)
    expect(changes).toEqual([{ table: 'contact_messages', type: 'update', id }])
    expect((await callApi('PATCH', `/contact-messages/${id}`, { key, body: { read: false } })).body).toMatchObject({ read: false })
    expect(await storedRead(id)).toBe(false)

    expect((await callApi('DELETE', `/contact-messages/${id}`, { key })).status).toBe(204)
    expect(await storedRead(id)).toBeUndefined()
    expect(await callApi('DELETE', `/contact-messages/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: CONTACT_ADMIN_MESSAGES.deleteFailed } } })
    expect(await callApi('GET', `/contact-messages/${id}`, { key })).toMatchObject({ status: 404 })
  })

  test('only read can change: the sender\'s words are refused as read-only, a bad value by name; messages cannot be created', async () => {
    const { key } = await apiKeyFor('editor')
    const id = ids[2]!
    expect(await callApi('PATCH', `/contact-messages/${id}`, { key, body: { message: 'Edited', read: 'yes' } })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { message: 'message cannot be changed' } } },
    })
    expect(await callApi('PATCH', `/contact-messages/${id}`, { key, body: { read: 'yes' } })).toMatchObject({ status: 400, body: { error: { fields: { read: 'read must be true or false' } } } })
    const row = await db.selectFrom('contact_messages').select(['message', 'read']).where('id', '=', id).executeTakeFirstOrThrow()
    expect({ message: row.message, read: readBool(row.read) }).toEqual({ message: 'Question 2', read: false })
    const created = await callApi('POST', '/contact-messages', { key, body: { name: 'A', email: 'a@example.org', message: 'Hi' } })
    expect(created).toMatchObject({ status: 405 })
    expect(created.headers.get('allow')).toBe('GET')
    expect(await db.selectFrom('contact_messages').select('id').execute()).toHaveLength(3)
  })

  test('a key whose owner is below editor is refused; a revoked key is 401', async () => {
    const { key, id, owner } = await apiKeyFor('editor', 'editor')
    expect((await callApi('GET', '/contact-messages', { key })).status).toBe(200)
    await updateUserAccess(owner.userId, { role: 'user', status: 'approved' })
    expect(await callApi('GET', '/contact-messages', { key })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    expect(await callApi('DELETE', `/contact-messages/${ids[0]}`, { key })).toMatchObject({ status: 403 })
    expect(await storedRead(ids[0]!)).toBe(true)
    await updateUserAccess(owner.userId, { role: 'editor', status: 'approved' })
    await revokeApiKey(id)
    expect(await callApi('GET', '/contact-messages', { key })).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
  })
})
