import { describe, expect, test } from 'vitest'
import { revokeApiKey } from '#app/services/api/api-keys.server.ts'
import { answerSearch } from '#app/services/api/search.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { newId } from '#db/portable.ts'
import { apiKeyFor } from '#tests/setup/api.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

async function search(query: string, { key, method = 'GET' }: { key?: string | null; method?: string } = {}) {
  const headers = new Headers()
  if (key) headers.set('authorization', `Bearer ${key}`)
  const response = await answerSearch(new Request(`http://localhost:3000/api/v1/search${query}`, { method, headers }))
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }
}

async function addPost(title: string, content: string, status: 'draft' | 'published' = 'published') {
  const id = newId()
  const publishedAt = new Date(Date.now() - 3_600_000).toISOString()
  await writeTransaction(async (tx) => {
    await tx.db.insertInto('blogs').values({ id, slug: `post-${id}`, title, content, excerpt: null, cover_image: null, cover_decorative: false, status, published_at: publishedAt }).execute()
    tx.publish({ table: 'blogs', type: 'insert', id })
  })
  return { id, publishedAt }
}

describe(`content API: search on ${database.engine}`, () => {
  test('a published child of a draft page is not found until its parent is published, then at its address under it', async () => {
    const { key } = await apiKeyFor('editor')
    const parentId = newId()
    const childId = newId()
    const publishedAt = new Date(Date.now() - 3_600_000).toISOString()
    const page = (id: string, title: string, slug: string, parent: string | null, status: 'draft' | 'published') =>
      ({ id, title, slug, parent_id: parent, content: `<p>${title} quokkas</p>`, seo_description: null, cover_image: null, cover_decorative: false, status, published_at: publishedAt }) as const
    await writeTransaction(async (tx) => {
      await tx.db.insertInto('pages').values([page(parentId, 'Secret parent', 'secret-parent', null, 'draft'), page(childId, 'Child', 'child', parentId, 'published')]).execute()
      tx.publish({ table: 'pages', type: 'insert', id: parentId }, { table: 'pages', type: 'insert', id: childId })
    })
    expect((await search('?q=quokkas', { key })).body).toMatchObject({ total: 0, data: [] })
    await writeTransaction(async (tx) => {
      await tx.db.updateTable('pages').set({ status: 'published' }).where('id', '=', parentId).execute()
      tx.publish({ table: 'pages', type: 'update', id: parentId })
    })
    const answer = await search('?q=quokkas', { key })
    expect((answer.body.data as { id: string; url: string }[]).map(({ id, url }) => ({ id, url })).sort((a, b) => a.url.localeCompare(b.url))).toEqual([
      { id: parentId, url: '/secret-parent' },
      { id: childId, url: '/secret-parent/child' },
    ])
  })

  test('finds published content with any key: type, id, title, url, date, snippet parts, total; never a draft', async () => {
    const { key } = await apiKeyFor('editor')
    const post = await addPost('Sports day results', '<p>The <b>relay</b> team won the cup.</p>')
    await addPost('Relay draft', '<p>relay</p>', 'draft')
    const policyId = newId()
    await writeTransaction(async (tx) => {
      await tx.db.insertInto('policies').values({ id: policyId, slug: 'relay-rules', title: 'Relay rules', description: 'Who may run.', file_url: null, status: 'published' }).execute()
      tx.publish({ table: 'policies', type: 'insert', id: policyId })
    })

    const answer = await search('?q=relay', { key })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.body).toEqual({
      query: 'relay',
      page: 1,
      per_page: 10,
      total: 2,
      more: false,
      data: [
        { type: 'policy', id: policyId, title: 'Relay rules', url: '/policies/relay-rules', published_at: null, snippet: [{ text: 'Who may run.', highlighted: false }] },
        {
          type: 'post',
          id: post.id,
          title: 'Sports day results',
          url: `/blogs/post-${post.id}`,
          published_at: post.publishedAt,
          snippet: [
            { text: 'The ', highlighted: false },
            { text: 'relay', highlighted: true },
            { text: ' team won the cup.', highlighted: false },
          ],
        },
      ],
    })
    expect((await search('?q=relay&page=2', { key })).body).toMatchObject({ page: 2, total: 2, data: [] })
  })

  test('any text is a query; a bad page, an unknown parameter, no key or a revoked one are refused through the API errors', async () => {
    const created = await apiKeyFor('admin')
    for (const query of ['"', '*', 'NEAR', 'a AND', '(', '🎒', encodeURIComponent('x'.repeat(300))]) {
      const answer = await search(`?q=${query}`, { key: created.key })
      expect(answer.status).toBe(200)
      expect((answer.body.query as string).length).toBeLessThanOrEqual(200)
    }
    expect(await search('', { key: created.key })).toMatchObject({ status: 200, body: { query: '', total: 0, data: [] } })
    expect(await search('?q=x&page=0', { key: created.key })).toMatchObject({ status: 400, body: { error: { code: 'invalid', fields: { page: 'page must be a whole number from 1' } } } })
    expect(await search('?q=x&page=two', { key: created.key })).toMatchObject({ status: 400, body: { error: { code: 'invalid' } } })
    expect(await search('?query=x', { key: created.key })).toMatchObject({ status: 400, body: { error: { code: 'invalid', fields: { query: expect.stringContaining('no such parameter') } } } })
    expect(await search('?q=x', { key: created.key, method: 'POST' })).toMatchObject({ status: 405, body: { error: { code: 'method_not_allowed' } } })
    expect(await search('?q=x')).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
    await revokeApiKey(created.id)
    expect(await search('?q=x', { key: created.key })).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
  })
})
