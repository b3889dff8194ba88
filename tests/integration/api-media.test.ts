import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { MEDIA_MESSAGES } from '#app/domain/media/media.schema.ts'
import { saveSectionContent } from '#app/domain/section/section-admin.server.ts'
import { getSectionContent } from '#app/domain/section/section.server.ts'
import { updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { revokeApiKey } from '#app/services/api/api-keys.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { seedBaseContent } from '#app/services/seed/seed.ts'
import { readBool } from '#db/portable.ts'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { withChangesOf } from '#tests/setup/changes.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()
beforeAll(async () => {
  await seedBaseContent(db, storage)
})

async function upload(fields: Record<string, string>, name = 'crest.png') {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#224488' } }).png().toBuffer()
  const form = new FormData()
  form.set('image', new File([new Uint8Array(bytes)], name, { type: 'image/png' }))
  for (const [field, value] of Object.entries(fields)) form.set(field, value)
  return form
}

const storedRow = (id: string) => db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst()

describe(`content API: media on ${database.engine}`, () => {
  test('an upload is 201 with its description and focal point, stored and announced, never in the gallery; read; PATCH; DELETE 204', async () => {
    const { key } = await apiKeyFor('editor')
    const { result: created, changes } = await withChangesOf(['media', 'gallery'], async () =>
      callApi('POST', '/media', { key, form: await upload({ alt: '  The school crest ', focal_x: '0.25', focal_y: '0.1' }) }),
    )
    expect(created.status).toBe(201)
    const id = created.body!.id as string
    expect(created.body).toEqual({
      id,
      url: expect.stringMatching(/^\/files\/uploads\/[0-9a-f-]+\.webp$/),
      file_name: 'crest.png',
      alt: 'The school crest',
      decorative: false,
      focal_x: 0.25,
      focal_y: 0.1,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    })
    expect(changes).toEqual([{ table: 'media', type: 'insert', id }])
    expect(await db.selectFrom('gallery').select('id').where('image_url', '=', created.body!.url as string).execute()).toEqual([])

    expect(await callApi('GET', `/media/${id}`, { key })).toMatchObject({ status: 200, body: created.body })
    // Decorative drops the alt text; what is not sent stays.
    const changed = await callApi('PATCH', `/media/${id}`, { key, body: { decorative: true } })
    expect(changed).toMatchObject({ status: 200, body: { alt: '', decorative: true, focal_x: 0.25, focal_y: 0.1 } })
    const row = (await storedRow(id))!
    expect({ alt: row.alt, decorative: readBool(row.decorative) }).toEqual({ alt: '', decorative: true })

    expect((await callApi('DELETE', `/media/${id}`, { key })).status).toBe(204)
    expect(await storedRow(id)).toBeUndefined()
    expect(await callApi('GET', `/media/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
  })

  test('an image in use is not deleted: 409 naming its uses', async () => {
    const { key } = await apiKeyFor('editor')
    const created = await callApi('POST', '/media', { key, form: await upload({ alt: 'New logo' }) })
    const logos = (await getSectionContent('home.logos'))!
    await saveSectionContent('home.logos', { ...logos, image: created.body!.url as string })
    expect(await callApi('DELETE', `/media/${created.body!.id as string}`, { key })).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict', message: MEDIA_MESSAGES.inUse(['header logo']) } },
    })
    expect(await storedRow(created.body!.id as string)).toBeDefined()
  })

  test('bad values are refused by field, nothing stored; the file cannot be replaced; the list is paginated newest first', async () => {
    const { key } = await apiKeyFor('editor')
    const before = await db.selectFrom('media').select('id').execute()
    const refused = await callApi('POST', '/media', { key, form: await upload({ alt: 'x'.repeat(251), focal_x: '1.5', decorative: 'maybe' }) })
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { alt: MEDIA_MESSAGES.altTooLong, focal_x: MEDIA_MESSAGES.focalOutside, decorative: 'Must be true or false' } } },
    })
    const noImage = new FormData()
    noImage.set('alt', 'Nothing attached')
    expect(await callApi('POST', '/media', { key, form: noImage })).toMatchObject({ status: 400, body: { error: { fields: { image: 'Please select an image file' } } } })
    expect(await db.selectFrom('media').select('id').execute()).toEqual(before)

    const first = await callApi('POST', '/media', { key, form: await upload({ alt: 'First' }) })
    await new Promise((resolve) => setTimeout(resolve, 5))
    const second = await callApi('POST', '/media', { key, form: await upload({ alt: 'Second' }) })
    expect(await callApi('PATCH', `/media/${first.body!.id as string}`, { key, form: await upload({}) })).toMatchObject({ status: 400, body: { error: { fields: { image: 'image cannot be changed' } } } })
    const page = await callApi('GET', '/media?per_page=2', { key })
    expect(page.body).toMatchObject({ page: 1, per_page: 2, total: before.length + 2 })
    expect((page.body!.data as { id: string }[]).map((entry) => entry.id)).toEqual([second.body!.id, first.body!.id])
  })

  test('a key whose owner is below editor is refused; a revoked key is 401', async () => {
    const { key, id, owner } = await apiKeyFor('editor', 'editor')
    expect((await callApi('GET', '/media', { key })).status).toBe(200)
    await updateUserAccess(owner.userId, { role: 'user', status: 'approved' })
    expect(await callApi('GET', '/media', { key })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    await updateUserAccess(owner.userId, { role: 'editor', status: 'approved' })
    await revokeApiKey(id)
    expect(await callApi('GET', '/media', { key })).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
  })
})
