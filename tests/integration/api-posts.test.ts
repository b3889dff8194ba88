import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { BLOG_MESSAGES } from '#app/domain/blog/blog.schema.ts'
import { PUBLICATION_MESSAGES } from '#app/domain/publishing/publication.ts'
import { updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { createApiKey, revokeApiKey } from '#app/services/api/api-keys.server.ts'
import { auth } from '#app/services/auth.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { newId } from '#db/portable.ts'
import { apiKeyFor as keyFor, callApi as call } from '#tests/setup/api.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

let count = 0
function post(overrides: Record<string, unknown> = {}) {
  count += 1
  return { title: 'Sports Day', slug: `sports-day-${count}-${newId().slice(0, 8)}`, content: '<p>Races on the <strong>field</strong>.</p>', ...overrides }
}

async function coverFile() {
  const bytes = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#4488cc' } }).png().toBuffer()
  return new File([new Uint8Array(bytes)], 'cover.png', { type: 'image/png' })
}

const storedRow = (id: string) => db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst()

describe(`content API: posts on ${database.engine}`, () => {
  test.each([
    ['posts', () => post()],
    ['pages', () => ({ title: 'Uniform', slug: `uniform-${newId().slice(0, 8)}`, content: '<p>Navy.</p>' })],
  ])('a scheduled time sent to /%s with seconds is stored as sent; a time finer than a millisecond is refused and changes nothing', async (collection, item) => {
    const { key } = await keyFor('editor')
    const created = await call('POST', `/${collection}`, { key, body: { ...item(), status: 'scheduled', published_at: '2099-01-05T09:30:45Z' } })
    expect(created).toMatchObject({ status: 201, body: { status: 'scheduled', published_at: '2099-01-05T09:30:45.000Z' } })
    const id = created.body!.id as string
    const read = async () => (await call('GET', `/${collection}/${id}`, { key })).body!.published_at
    expect(await read()).toBe('2099-01-05T09:30:45.000Z')

    const moved = await call('PATCH', `/${collection}/${id}`, { key, body: { published_at: '2099-01-06T10:15:07+01:00' } })
    expect(moved).toMatchObject({ status: 200, body: { published_at: '2099-01-06T09:15:07.000Z' } })

    const milliseconds = await call('PATCH', `/${collection}/${id}`, { key, body: { published_at: '2099-01-07T08:00:00.25Z' } })
    expect(milliseconds).toMatchObject({ status: 200, body: { published_at: '2099-01-07T08:00:00.250Z' } })

    const finer = await call('PATCH', `/${collection}/${id}`, { key, body: { published_at: '2099-01-08T08:00:00.250001Z' } })
    expect(finer).toMatchObject({ status: 400, body: { error: { code: 'invalid', fields: { published_at: PUBLICATION_MESSAGES.finerThanMillisecond } } } })
    expect(await read()).toBe('2099-01-07T08:00:00.250Z')
  })

  test('create answers 201 with the stored post, sanitised, and tells the change feed', async () => {
    const { key } = await keyFor('editor')
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['blogs'], (change) => changes.push(change))
    const input = post({ content: '<p>Hi <a href="javascript:alert(1)">there</a></p><script>alert(1)</script>', excerpt: 'A day of races.' })
    const created = await call('POST', '/posts', { key, body: input })
    unsubscribe()

    expect(created.status).toBe(201)
    const id = created.body!.id as string
    expect(created.body).toEqual({
      id,
      title: 'Sports Day',
      slug: input.slug,
      excerpt: 'A day of races.',
      content: '<p>Hi <a>there</a></p>',
      cover_image: null,
      cover_alt: '',
      cover_decorative: false,
      cover_focal_x: 0.5,
      cover_focal_y: 0.5,
      status: 'published',
      published_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: created.body!.published_at,
    })
    expect(await storedRow(id)).toMatchObject({ title: 'Sports Day', slug: input.slug, content: '<p>Hi <a>there</a></p>', excerpt: 'A day of races.' })
    expect(changes).toEqual([{ table: 'blogs', type: 'insert', id }])
  })

  test('read, partial update (merged with the stored post), delete 204', async () => {
    const { key } = await keyFor('editor')
    const input = post({ excerpt: 'First excerpt' })
    const id = (await call('POST', '/posts', { key, body: input })).body!.id as string

    const read = await call('GET', `/posts/${id}`, { key })
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ id, title: 'Sports Day', slug: input.slug, excerpt: 'First excerpt' })

    const changed = await call('PATCH', `/posts/${id}`, { key, body: { title: 'Sports Day 2027' } })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ id, title: 'Sports Day 2027', slug: input.slug, excerpt: 'First excerpt', content: input.content, published_at: read.body!.published_at })
    expect(await storedRow(id)).toMatchObject({ title: 'Sports Day 2027', excerpt: 'First excerpt' })

    // The item as read, changed and sent back whole: read-only fields with their stored values change nothing.
    const whole = await call('PATCH', `/posts/${id}`, { key, body: { ...changed.body, excerpt: null } })
    expect(whole.status).toBe(200)
    expect((await storedRow(id))!.excerpt).toBeNull()

    const readOnly = await call('PATCH', `/posts/${id}`, { key, body: { updated_at: '2020-01-01T00:00:00.000Z' } })
    expect(readOnly).toMatchObject({ status: 400, body: { error: { code: 'invalid', fields: { updated_at: 'updated_at cannot be changed' } } } })

    const deleted = await call('DELETE', `/posts/${id}`, { key })
    expect(deleted.status).toBe(204)
    expect(deleted.body).toBeNull()
    expect(await storedRow(id)).toBeUndefined()
    expect(await call('GET', `/posts/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
    expect(await call('DELETE', `/posts/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: BLOG_MESSAGES.notFound } } })
  })

  test('the list is paginated, newest first, with the total; filters by slug', async () => {
    const { key } = await keyFor('editor')
    await db.deleteFrom('blogs').execute()
    const ids: string[] = []
    for (let index = 0; index < 5; index++) {
      ids.push((await call('POST', '/posts', { key, body: post({ title: `Post ${index}` }) })).body!.id as string)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const first = await call('GET', '/posts?per_page=2', { key })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ page: 1, per_page: 2, total: 5 })
    expect((first.body!.data as { id: string }[]).map((item) => item.id)).toEqual([ids[4], ids[3]])
    const last = await call('GET', '/posts?per_page=2&page=3', { key })
    expect((last.body!.data as { id: string }[]).map((item) => item.id)).toEqual([ids[0]])
    expect(last.body).toMatchObject({ page: 3, per_page: 2, total: 5 })
    const defaults = await call('GET', '/posts', { key })
    expect(defaults.body).toMatchObject({ page: 1, per_page: 20, total: 5 })

    const one = (await call('GET', `/posts/${ids[2]}`, { key })).body!
    const bySlug = await call('GET', `/posts?slug=${one.slug as string}`, { key })
    expect(bySlug.body).toMatchObject({ total: 1, data: [{ id: ids[2] }] })

    expect(await call('GET', '/posts?per_page=101', { key })).toMatchObject({ status: 400, body: { error: { code: 'invalid', fields: { per_page: 'per_page must be a whole number from 1 to 100' } } } })
    expect(await call('GET', '/posts?page=0', { key })).toMatchObject({ status: 400, body: { error: { fields: { page: 'page must be a whole number from 1' } } } })
    expect(await call('GET', '/posts?sort=title', { key })).toMatchObject({ status: 400, body: { error: { fields: { sort: 'sort is not a parameter of this list' } } } })
  })

  test('invalid input is refused with the form\'s messages by field, and nothing is stored', async () => {
    const { key } = await keyFor('editor')
    const before = await db.selectFrom('blogs').select('id').execute()
    const invalid = await call('POST', '/posts', { key, body: { title: '', slug: 'Not A Slug', content: '<p></p>', cover: 'x' } })
    expect(invalid).toMatchObject({ status: 400, body: { error: { code: 'invalid', fields: { cover: 'cover is not a field of this collection' } } } })

    const broken = await call('POST', '/posts', { key, body: { title: 'x'.repeat(201), slug: 'Not A Slug', content: '<p></p>' } })
    expect(broken.status).toBe(400)
    expect(broken.body).toEqual({
      error: {
        code: 'invalid',
        message: 'Title must be less than 200 characters',
        fields: { title: 'Title must be less than 200 characters', slug: BLOG_MESSAGES.slugFormat, content: BLOG_MESSAGES.contentRequired },
      },
    })
    // Markup that sanitising empties is refused by the domain, as in the form.
    expect(await call('POST', '/posts', { key, body: post({ content: '<script>alert(1)</script>' }) })).toMatchObject({ status: 400, body: { error: { fields: { content: BLOG_MESSAGES.contentRequired } } } })
    expect(await call('POST', '/posts', { key, body: '{"title": ' })).toMatchObject({ status: 400, body: { error: { code: 'invalid', message: 'The body is not valid JSON.' } } })
    expect(await call('POST', '/posts', { key, body: '[1, 2]' })).toMatchObject({ status: 400, body: { error: { code: 'invalid', message: 'The body must be a JSON object.' } } })
    expect(await call('POST', '/posts', { key, headers: { 'content-type': 'text/plain' } })).toMatchObject({ status: 400, body: { error: { code: 'invalid' } } })
    expect(await call('POST', '/posts', { key, body: post({ cover_image: '/files/blogs/x.webp' }) })).toMatchObject({ status: 400, body: { error: { fields: { cover_image: expect.any(String) } } } })
    expect(await db.selectFrom('blogs').select('id').execute()).toEqual(before)

    const first = post()
    await call('POST', '/posts', { key, body: first })
    expect(await call('POST', '/posts', { key, body: post({ slug: first.slug }) })).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict', message: BLOG_MESSAGES.slugTaken, fields: { slug: BLOG_MESSAGES.slugTaken } } },
    })
  })

  test('a cover comes as a file in a multipart body; JSON null removes it; a file that is no image is refused on cover_image', async () => {
    const { key } = await keyFor('editor')
    const form = new FormData()
    for (const [name, value] of Object.entries(post())) form.set(name, value)
    form.set('cover_image', await coverFile())
    // A published post's cover needs alt text or the decorative mark.
    expect(await call('POST', '/posts', { key, form })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', message: BLOG_MESSAGES.undescribedImages(['the cover image']), fields: { cover_alt: BLOG_MESSAGES.undescribedImages(['the cover image']) } } },
    })
    form.set('cover_alt', 'Parents at the gate')
    const created = await call('POST', '/posts', { key, form })
    expect(created.status).toBe(201)
    expect(created.body!.cover_image).toMatch(/^\/files\/blogs\/.+\.webp$/)
    expect(created.body).toMatchObject({ cover_alt: 'Parents at the gate', cover_decorative: false })
    const decorative = await call('PATCH', `/posts/${created.body!.id as string}`, { key, body: { cover_decorative: true, cover_focal_x: 0.3, cover_focal_y: 0.1 } })
    expect(decorative).toMatchObject({ status: 200, body: { cover_alt: '', cover_decorative: true, cover_focal_x: 0.3, cover_focal_y: 0.1 } })
    expect(await call('PATCH', `/posts/${created.body!.id as string}`, { key, body: { cover_focal_x: 2, cover_focal_y: 0.1 } })).toMatchObject({
      status: 400,
      body: { error: { fields: { cover_focal_x: 'The focal point must be inside the image' } } },
    })

    const removed = await call('PATCH', `/posts/${created.body!.id as string}`, { key, body: { cover_image: null } })
    expect(removed).toMatchObject({ status: 200, body: { cover_image: null } })

    const fake = new FormData()
    fake.set('cover_image', new File(['not an image'], 'cover.png', { type: 'image/png' }))
    const refused = await call('PATCH', `/posts/${created.body!.id as string}`, { key, form: fake })
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'invalid', fields: { cover_image: expect.any(String) } } } })
  })

  test('without a key, with a session cookie only, or with a revoked key: 401; nothing is written', async () => {
    const { key, id } = await keyFor('editor')
    const admin = await createSignedInUser('admin')
    expect(await call('GET', '/posts')).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
    const withCookie = await call('POST', '/posts', { body: post(), headers: { cookie: admin.cookie } })
    expect(withCookie).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
    expect(withCookie.headers.get('WWW-Authenticate')).toBe('Bearer')
    expect(await call('GET', '/posts', { key: 'sw_notakey' })).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })

    expect((await call('GET', '/posts', { key })).status).toBe(200)
    await revokeApiKey(id)
    const input = post()
    expect(await call('POST', '/posts', { key, body: input })).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
    expect(await db.selectFrom('blogs').select('id').where('slug', '=', input.slug).execute()).toEqual([])
  })

  test('a key acts with the lower of its role and its owner\'s current one', async () => {
    const { key, owner } = await keyFor('admin', 'admin')
    expect((await call('GET', '/posts', { key })).status).toBe(200)
    // The owner is now a plain user: the admin key can no longer write posts.
    await updateUserAccess(owner.userId, { role: 'user', status: 'approved' })
    expect(await call('POST', '/posts', { key, body: post() })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    await updateUserAccess(owner.userId, { role: 'editor', status: 'pending' })
    expect(await call('GET', '/posts', { key })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    await updateUserAccess(owner.userId, { role: 'editor', status: 'approved' })
    expect((await call('GET', '/posts', { key })).status).toBe(200)

    // An owner cannot make a key above their own role.
    const editor = await createSignedInUser('editor')
    await expect(createApiKey({ name: 'too high', role: 'admin' }, editor.userId)).rejects.toMatchObject({ code: 'invalid', fields: { role: expect.any(String) } })
  })

  test('a key past its rate limit gets 429 with Retry-After', async () => {
    const { key, id } = await keyFor('editor')
    await db.updateTable('apikey').set({ rateLimitMax: 2 }).where('id', '=', id).execute()
    expect((await call('GET', '/posts', { key })).status).toBe(200)
    expect((await call('GET', '/posts', { key })).status).toBe(200)
    const limited = await call('GET', '/posts', { key })
    expect(limited).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } })
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(Number(limited.headers.get('Retry-After'))).toBeLessThanOrEqual(60)
  })

  test('the key is stored as a hash, shown once; its last use is recorded', async () => {
    const { key, id } = await keyFor('editor')
    expect(key).toMatch(/^sw_[A-Za-z]{64}$/)
    const row = await db.selectFrom('apikey').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.key).not.toContain(key.slice(3))
    expect(row.start).toBe(key.slice(0, 9))
    expect(row.lastRequest).toBeNull()
    await call('GET', '/posts', { key })
    const used = await db.selectFrom('apikey').select('lastRequest').where('id', '=', id).executeTakeFirstOrThrow()
    expect(used.lastRequest).not.toBeNull()
  })

  test('unknown collections and paths are 404, other methods 405, all in the error format', async () => {
    const { key } = await keyFor('editor')
    expect(await call('GET', '/nothing', { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
    expect(await call('GET', '/posts/a/b', { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
    const wrong = await call('PUT', '/posts', { key, body: post() })
    expect(wrong).toMatchObject({ status: 405, body: { error: { code: 'method_not_allowed' } } })
    expect(wrong.headers.get('Allow')).toBe('GET, POST')
    expect((await call('POST', '/posts/some-id', { key, body: {} })).headers.get('Allow')).toBe('GET, PATCH, DELETE')
  })

  test("the plugin's own HTTP endpoints are switched off: a signed-in user cannot make a key", async () => {
    const admin = await createSignedInUser('admin')
    const response = await auth.handler(
      new Request('http://localhost:3000/api/auth/api-key/create', {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ name: 'mine' }),
      }),
    )
    expect(response.status).toBe(404)
    expect(await db.selectFrom('apikey').select('id').where('referenceId', '=', admin.userId).execute()).toEqual([])
  })
})
