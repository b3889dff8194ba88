import { describe, expect, test } from 'vitest'
import { createPolicyCategory } from '#app/domain/policy/policy-admin.server.ts'
import { POLICY_MESSAGES } from '#app/domain/policy/policy.schema.ts'
import { updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { revokeApiKey } from '#app/services/api/api-keys.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

const storedRow = (id: string) => db.selectFrom('policies').selectAll().where('id', '=', id).executeTakeFirst()

const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'

describe(`content API: policies on ${database.engine}`, () => {
  test('create 201 with the stored policy, tells the change feed; read, PATCH, DELETE 204', async () => {
    const { key } = await apiKeyFor('editor')
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['policies'], (change) => changes.push(change))
    const created = await callApi('POST', '/policies', { key, body: { title: 'Uniform', description: 'What to wear', file_url: 'https://example.org/uniform.pdf' } })
    unsubscribe()
    expect(created.status).toBe(201)
    const id = created.body!.id as string
    expect(created.body).toEqual({
      id,
      title: 'Uniform',
      slug: 'uniform',
      status: 'published',
      description: 'What to wear',
      file_url: 'https://example.org/uniform.pdf',
      category: null,
      review_date: null,
      versions: [{ id: expect.any(String), file_url: 'https://example.org/uniform.pdf', file_name: null, size: null, content_type: null, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), current: true }],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(await storedRow(id)).toMatchObject({ title: 'Uniform', file_url: 'https://example.org/uniform.pdf' })
    expect(changes).toEqual([{ table: 'policies', type: 'insert', id }])

    expect(await callApi('GET', `/policies/${id}`, { key })).toMatchObject({ status: 200, body: created.body })
    const changed = await callApi('PATCH', `/policies/${id}`, { key, body: { title: 'Uniform policy' } })
    expect(changed).toMatchObject({ status: 200, body: { id, title: 'Uniform policy', description: 'What to wear', file_url: 'https://example.org/uniform.pdf' } })
    const removed = await callApi('PATCH', `/policies/${id}`, { key, body: { file_url: null, description: null } })
    expect(removed).toMatchObject({ status: 200, body: { file_url: null, description: null } })
    expect(await storedRow(id)).toMatchObject({ title: 'Uniform policy', file_url: null, description: null })

    expect((await callApi('DELETE', `/policies/${id}`, { key })).status).toBe(204)
    expect(await storedRow(id)).toBeUndefined()
    expect(await callApi('DELETE', `/policies/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: POLICY_MESSAGES.notFound } } })
  })

  test('a document comes as a file_url file in a multipart body; a file that is no document is refused on file_url', async () => {
    const { key } = await apiKeyFor('editor')
    const form = new FormData()
    form.set('title', 'Admissions')
    form.set('file_url', new File([PDF], 'admissions.pdf', { type: 'application/pdf' }))
    const created = await callApi('POST', '/policies', { key, form })
    expect(created.status).toBe(201)
    expect(created.body!.file_url).toMatch(/^\/files\/policies\/.+\.pdf$/)
    expect(created.body!.versions).toEqual([expect.objectContaining({ file_url: created.body!.file_url, file_name: 'admissions.pdf', size: PDF.length, content_type: 'application/pdf', current: true })])

    const fake = new FormData()
    fake.set('file_url', new File(['just text'], 'notes.txt', { type: 'text/plain' }))
    expect(await callApi('PATCH', `/policies/${created.body!.id as string}`, { key, form: fake })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { file_url: UPLOAD_MESSAGES.notADocument } } },
    })
  })

  test('category_id and review_date are set, kept when left out, and checked', async () => {
    const { key } = await apiKeyFor('editor')
    const category = await createPolicyCategory({ name: `Safeguarding ${Date.now()}` }, { role: 'admin' })
    const created = await callApi('POST', '/policies', { key, body: { title: 'Online safety', category_id: category.id, review_date: '2027-09-01' } })
    expect(created).toMatchObject({ status: 201, body: { category: { id: category.id, name: category.name }, review_date: '2027-09-01' } })
    const id = created.body!.id as string
    expect(await callApi('PATCH', `/policies/${id}`, { key, body: { title: 'Online safety policy' } })).toMatchObject({ status: 200, body: { category: { id: category.id }, review_date: '2027-09-01' } })
    expect(await callApi('PATCH', `/policies/${id}`, { key, body: { review_date: '2027-02-30', category_id: 'nope' } })).toMatchObject({
      status: 400,
      body: { error: { fields: { review_date: POLICY_MESSAGES.invalidReviewDate } } },
    })
    expect(await callApi('PATCH', `/policies/${id}`, { key, body: { category_id: 'nope' } })).toMatchObject({ status: 400, body: { error: { fields: { category_id: POLICY_MESSAGES.unknownCategory } } } })
    expect(await callApi('PATCH', `/policies/${id}`, { key, body: { category_id: null, review_date: null } })).toMatchObject({ status: 200, body: { category: null, review_date: null } })
  })

  test('the list is paginated, newest first, with the total', async () => {
    const { key } = await apiKeyFor('editor')
    await db.deleteFrom('policies').execute()
    const ids: string[] = []
    for (let index = 0; index < 3; index++) {
      ids.push((await callApi('POST', '/policies', { key, body: { title: `Policy ${index}` } })).body!.id as string)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const first = await callApi('GET', '/policies?per_page=2', { key })
    expect(first.body).toMatchObject({ page: 1, per_page: 2, total: 3 })
    expect((first.body!.data as { id: string }[]).map((item) => item.id)).toEqual([ids[2], ids[1]])
    const second = await callApi('GET', '/policies?per_page=2&page=2', { key })
    expect((second.body!.data as { id: string }[]).map((item) => item.id)).toEqual([ids[0]])
  })

  test('invalid input is refused with the form\'s messages by field; nothing is stored', async () => {
    const { key } = await apiKeyFor('editor')
    const before = await db.selectFrom('policies').select('id').execute()
    expect(await callApi('POST', '/policies', { key, body: { title: '', description: 'x'.repeat(2001), file_url: 'not a link' } })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { title: 'Title is required', description: 'Description must be less than 2000 characters', file_url: expect.any(String) } } },
    })
    expect(await db.selectFrom('policies').select('id').execute()).toEqual(before)
  })

  test('a key whose owner is below editor is refused; a revoked key is 401', async () => {
    const { key, id, owner } = await apiKeyFor('editor', 'editor')
    expect((await callApi('GET', '/policies', { key })).status).toBe(200)
    await updateUserAccess(owner.userId, { role: 'user', status: 'approved' })
    expect(await callApi('POST', '/policies', { key, body: { title: 'A' } })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    await updateUserAccess(owner.userId, { role: 'editor', status: 'approved' })
    await revokeApiKey(id)
    expect(await callApi('GET', '/policies', { key })).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
  })
})
