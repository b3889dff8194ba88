import { describe, expect, test } from 'vitest'
import { PAGE_MESSAGES } from '#app/domain/page/page.schema.ts'
import { getPublicPageBySlug } from '#app/domain/page/page.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { newId } from '#db/portable.ts'
import { apiKeyFor as keyFor, callApi as call } from '#tests/setup/api.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

function page(overrides: Record<string, unknown> = {}) {
  return { title: 'Uniform', slug: `uniform-${newId().slice(0, 8)}`, content: '<p>Navy <strong>jumpers</strong>.</p>', ...overrides }
}

const storedRow = (id: string) => db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst()

describe(`content API: pages on ${database.engine}`, () => {
  test('create answers 201 with the stored page, its slug made from the title when left out, and tells the change feed', async () => {
    const { key } = await keyFor('editor')
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['pages'], (change) => changes.push(change))
    const title = `Term Dates ${newId().slice(0, 8)}`
    const created = await call('POST', '/pages', { key, body: { title, content: '<p>Autumn</p><script>alert(1)</script>', seo_description: 'When terms start.' } })
    unsubscribe()
    expect(created.status).toBe(201)
    const id = created.body!.id as string
    expect(created.body).toEqual({
      id,
      title,
      slug: title.toLowerCase().replace(/ /g, '-'),
      parent_id: null,
      content: '<p>Autumn</p>',
      seo_description: 'When terms start.',
      cover_image: null,
      cover_alt: '',
      cover_decorative: false,
      cover_focal_x: 0.5,
      cover_focal_y: 0.5,
      sort_order: expect.any(Number),
      status: 'published',
      published_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(changes).toEqual([{ table: 'pages', type: 'insert', id }])
  })

  test('the admin\'s rules hold: reserved and taken slugs, one level of nesting, delete refused with children', async () => {
    const { key } = await keyFor('editor')
    expect(await call('POST', '/pages', { key, body: page({ slug: 'gallery' }) })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { slug: PAGE_MESSAGES.reservedSlug('gallery') } } },
    })
    const parent = (await call('POST', '/pages', { key, body: page({ title: 'Admissions' }) })).body!
    expect(await call('POST', '/pages', { key, body: page({ slug: parent.slug }) })).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict', message: PAGE_MESSAGES.slugTaken(parent.slug as string), fields: { slug: PAGE_MESSAGES.slugTaken(parent.slug as string) } } },
    })
    const child = await call('POST', '/pages', { key, body: page({ title: 'Open Days', parent_id: parent.id }) })
    expect(child).toMatchObject({ status: 201, body: { parent_id: parent.id } })
    expect(await call('POST', '/pages', { key, body: page({ parent_id: child.body!.id }) })).toMatchObject({
      status: 400,
      body: { error: { fields: { parent_id: PAGE_MESSAGES.parentIsChild('Open Days') } } },
    })
    expect(await call('GET', `/pages?parent_id=${parent.id as string}`, { key })).toMatchObject({ status: 200, body: { total: 1, data: [{ id: child.body!.id }] } })

    expect(await call('DELETE', `/pages/${parent.id as string}`, { key })).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict', message: PAGE_MESSAGES.deleteWithChildren('Admissions', 1) } },
    })
    expect(await call('DELETE', `/pages/${child.body!.id as string}`, { key })).toMatchObject({ status: 204 })
    expect(await call('DELETE', `/pages/${parent.id as string}`, { key })).toMatchObject({ status: 204 })
    expect(await storedRow(parent.id as string)).toBeUndefined()
  })

  test('status and published_at: a draft and a scheduled page are not public; a partial update keeps the rest', async () => {
    const { key } = await keyFor('editor')
    const draft = (await call('POST', '/pages', { key, body: page({ status: 'draft' }) })).body!
    expect(draft.status).toBe('draft')
    expect(await getPublicPageBySlug(draft.slug as string)).toBeNull()
    const scheduled = await call('POST', '/pages', { key, body: page({ status: 'scheduled', published_at: '2099-03-01T09:00:00Z' }) })
    expect(scheduled.body).toMatchObject({ status: 'scheduled', published_at: '2099-03-01T09:00:00.000Z' })
    expect(await getPublicPageBySlug(scheduled.body!.slug as string)).toBeNull()

    const published = await call('PATCH', `/pages/${draft.id as string}`, { key, body: { status: 'published' } })
    expect(published).toMatchObject({ status: 200, body: { status: 'published', title: 'Uniform', content: draft.content, slug: draft.slug } })
    expect(await getPublicPageBySlug(draft.slug as string)).not.toBeNull()
    expect(await call('PATCH', `/pages/${draft.id as string}`, { key, body: { sort_order: 5 } })).toMatchObject({ status: 400 })
  })
})
