import { beforeAll, describe, expect, test } from 'vitest'
import { updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { revokeApiKey } from '#app/services/api/api-keys.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { seedBaseContent } from '#app/services/seed/seed.ts'
import { readJson } from '#db/portable.ts'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { withChangesOf } from '#tests/setup/changes.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()
beforeAll(async () => {
  await seedBaseContent(db, storage)
})

const storedContent = async (key: string) => readJson((await db.selectFrom('sections').select('content').where('key', '=', key).executeTakeFirstOrThrow()).content)

describe(`content API: sections on ${database.engine}`, () => {
  test('the list gives the five editable sections by key, paginated; the calendar address is not one of them', async () => {
    const { key } = await apiKeyFor('editor')
    const all = await callApi('GET', '/sections', { key })
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ page: 1, per_page: 20, total: 5 })
    const items = all.body!.data as { key: string; content: unknown; updated_at: string }[]
    expect(items.map((item) => item.key)).toEqual(['home.about', 'home.contact', 'home.features', 'home.hero', 'home.logos'])
    expect(items[0]).toEqual({ key: 'home.about', content: await storedContent('home.about'), updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) })
    const second = await callApi('GET', '/sections?per_page=2&page=2', { key })
    expect((second.body!.data as { key: string }[]).map((item) => item.key)).toEqual(['home.features', 'home.hero'])
    expect(await callApi('GET', '/sections/calendar.google', { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: 'No item of sections has the key calendar.google.' } } })
    expect((await callApi('GET', '/sections/home.nothing', { key })).status).toBe(404)
  })

  test('PATCH replaces the content through the Sections Management rules: stored sanitised, announced, read back', async () => {
    const { key } = await apiKeyFor('editor')
    const { id } = await db.selectFrom('sections').select('id').where('key', '=', 'home.about').executeTakeFirstOrThrow()
    const { result: changed, changes } = await withChangesOf(['sections'], () =>
      callApi('PATCH', '/sections/home.about', { key, body: { content: { title: 'Who we are', content: '<p onclick="x()">A small <script>alert(1)</script>school.</p>' } } }),
    )
    expect(changed).toMatchObject({ status: 200, body: { key: 'home.about', content: { title: 'Who we are', content: '<p>A small school.</p>', image: '' } } })
    expect(await storedContent('home.about')).toEqual({ title: 'Who we are', content: '<p>A small school.</p>', image: '' })
    expect(changes).toEqual([{ table: 'sections', type: 'update', id }])
    expect(await callApi('GET', '/sections/home.about', { key })).toMatchObject({ status: 200, body: changed.body })
    // An item read and sent back whole changes nothing and is accepted.
    expect(await callApi('PATCH', '/sections/home.about', { key, body: changed.body })).toMatchObject({ status: 200, body: { content: changed.body!.content } })
  })

  test('content that breaks its key\'s rules is refused field by field, by its path in the body; nothing changes', async () => {
    const { key } = await apiKeyFor('editor')
    const before = await storedContent('home.hero')
    const refused = await callApi('PATCH', '/sections/home.hero', { key, body: { content: { slides: [{ title: '', subtitle: 'Welcome', image: 'javascript:alert(1)' }] } } })
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', message: 'Title is required', fields: { 'content.slides.0.title': 'Title is required', 'content.slides.0.image': 'Must be a valid URL' } } },
    })
    expect(await callApi('PATCH', '/sections/home.hero', { key, body: { content: 'hello' } })).toMatchObject({ status: 400, body: { error: { fields: { content: 'content must be an object' } } } })
    expect(await callApi('PATCH', '/sections/home.hero', { key, body: { key: 'home.other' } })).toMatchObject({ status: 400, body: { error: { fields: { key: 'key cannot be changed' } } } })
    expect(await storedContent('home.hero')).toEqual(before)
  })

  test('sections cannot be created or deleted (405 with Allow); a key below editor is refused, a revoked key is 401', async () => {
    const { key, id, owner } = await apiKeyFor('editor', 'editor')
    const created = await callApi('POST', '/sections', { key, body: { content: {} } })
    expect(created).toMatchObject({ status: 405, body: { error: { code: 'method_not_allowed' } } })
    expect(created.headers.get('allow')).toBe('GET')
    const deleted = await callApi('DELETE', '/sections/home.about', { key })
    expect(deleted.status).toBe(405)
    expect(deleted.headers.get('allow')).toBe('GET, PATCH')
    expect(await db.selectFrom('sections').select('key').where('key', '=', 'home.about').executeTakeFirst()).toBeDefined()
    await updateUserAccess(owner.userId, { role: 'user', status: 'approved' })
    expect(await callApi('GET', '/sections', { key })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    await updateUserAccess(owner.userId, { role: 'editor', status: 'approved' })
    await revokeApiKey(id)
    expect(await callApi('PATCH', '/sections/home.about', { key, body: { content: { title: 'Revoked', content: 'x' } } })).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
    expect(await storedContent('home.about')).not.toMatchObject({ title: 'Revoked' })
  })
})
