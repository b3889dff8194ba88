import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { GALLERY_MESSAGES } from '#app/domain/gallery/gallery.schema.ts'
import { MEDIA_MESSAGES } from '#app/domain/media/media.schema.ts'
import { updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { revokeApiKey } from '#app/services/api/api-keys.server.ts'
import { db } from '#app/lib/db.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { newId } from '#db/portable.ts'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { changesDuring } from '#tests/setup/changes.ts'

const database = prepareTestDatabase()

async function png(color: string) {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } }).png().toBuffer()
  return new File([new Uint8Array(bytes)], `${color.slice(1)}.png`, { type: 'image/png' })
}

function uploadForm(fields: Record<string, string | File>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return form
}

async function storedFileExists(url: string) {
  const location = parsePublicUrl(url)
  if (!location) return false
  const object = await storage.get(location.bucket, location.key)
  object?.body.destroy()
  return object !== null
}

const storedRow = (id: string) => db.selectFrom('gallery').selectAll().where('id', '=', id).executeTakeFirst()

async function addFolder(name: string) {
  await db.insertInto('gallery_folders').values({ id: newId(), name, external_use: true, enabled: true, slug: name.toLowerCase() }).execute()
}

const ids = (body: Record<string, unknown> | null) => (body!.data as { id: string }[]).map((item) => item.id)

beforeAll(async () => {
  await addFolder('general')
})

describe(`content API: gallery images on ${database.engine}`, () => {
  test('an upload of one image answers 201 with the stored image, its row and change event; read, PATCH, DELETE 204 removes the file', async () => {
    const { key } = await apiKeyFor('editor')
    await addFolder('Sports Day')
    let created: Awaited<ReturnType<typeof callApi>> | undefined
    const changes = await changesDuring(['gallery', 'gallery_folders'], async () => {
      created = await callApi('POST', '/gallery-images', { key, form: uploadForm({ image: await png('#ff0000'), folder: 'sports day', title: '  Relay  ', alt: ' Runners at the finish line ', focal_y: '0.25' }) })
    })
    expect(created!.status).toBe(201)
    const id = created!.body!.id as string
    const url = created!.body!.image_url as string
    expect(created!.body).toEqual({
      id,
      title: 'Relay',
      image_url: expect.stringMatching(/^\/files\/gallery\/sports-day\//),
      folder: 'Sports Day',
      alt: 'Runners at the finish line',
      decorative: false,
      focal_x: 0.5,
      focal_y: 0.25,
      position: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(await storedRow(id)).toMatchObject({ title: 'Relay', folder: 'Sports Day', image_url: url, alt: 'Runners at the finish line', focal_y: 0.25 })
    expect(changes).toEqual([{ table: 'gallery', type: 'insert', id }])
    expect(await storedFileExists(url)).toBe(true)

    expect(await callApi('GET', `/gallery-images/${id}`, { key })).toMatchObject({ status: 200, body: created!.body })

    await addFolder('Concerts')
    const moved = await changesDuring(['gallery', 'gallery_folders'], async () => {
      expect(await callApi('PATCH', `/gallery-images/${id}`, { key, body: { folder: 'Concerts' } })).toMatchObject({
        status: 200,
        body: { id, title: 'Relay', folder: 'Concerts', image_url: url },
      })
    })
    expect(moved).toEqual([{ table: 'gallery', type: 'update', id }])
    expect(await callApi('PATCH', `/gallery-images/${id}`, { key, body: { title: 'Relay race' } })).toMatchObject({ status: 200, body: { title: 'Relay race', folder: 'Concerts' } })
    expect(await storedRow(id)).toMatchObject({ title: 'Relay race', folder: 'Concerts', image_url: url })
    expect(await callApi('PATCH', `/gallery-images/${id}`, { key, body: { title: null } })).toMatchObject({ status: 200, body: { title: null, alt: 'Runners at the finish line', focal_y: 0.25 } })
    // Decorative drops the alt text; a description too long is refused with the form's message.
    expect(await callApi('PATCH', `/gallery-images/${id}`, { key, body: { decorative: true, focal_x: 1 } })).toMatchObject({ status: 200, body: { alt: '', decorative: true, focal_x: 1, focal_y: 0.25 } })
    expect(await callApi('PATCH', `/gallery-images/${id}`, { key, body: { alt: 'x'.repeat(251) } })).toMatchObject({ status: 400, body: { error: { fields: { alt: MEDIA_MESSAGES.altTooLong } } } })

    const removed = await changesDuring(['gallery', 'gallery_folders'], async () => {
      expect((await callApi('DELETE', `/gallery-images/${id}`, { key })).status).toBe(204)
    })
    expect(removed).toEqual([{ table: 'gallery', type: 'delete', id }])
    expect(await storedRow(id)).toBeUndefined()
    expect(await storedFileExists(url)).toBe(false)
    expect(await callApi('GET', `/gallery-images/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
    expect(await callApi('DELETE', `/gallery-images/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: GALLERY_MESSAGES.imageNotFound } } })
  })

  test('an upload naming no folder goes to general; one naming a new folder creates it for external use but not published, as the upload form does', async () => {
    const { key } = await apiKeyFor('editor')
    const plain = await callApi('POST', '/gallery-images', { key, form: uploadForm({ image: await png('#00ff00') }) })
    expect(plain).toMatchObject({ status: 201, body: { title: null, folder: 'general' } })

    const changes = await changesDuring(['gallery', 'gallery_folders'], async () => {
      expect(await callApi('POST', '/gallery-images', { key, form: uploadForm({ image: await png('#0000ff'), folder: 'Year 6 Trip' }) })).toMatchObject({
        status: 201,
        body: { folder: 'Year 6 Trip' },
      })
    })
    const folder = await db.selectFrom('gallery_folders').selectAll().where('name', '=', 'Year 6 Trip').executeTakeFirstOrThrow()
    expect({ externalUse: Boolean(folder.external_use), enabled: Boolean(folder.enabled) }).toEqual({ externalUse: true, enabled: false })
    expect(changes).toEqual(expect.arrayContaining([{ table: 'gallery_folders', type: 'insert', id: folder.id }]))
  })

  test('the list is paginated, newest first, with the total; filtered by the folder an image is listed under', async () => {
    const { key } = await apiKeyFor('editor')
    await db.deleteFrom('gallery').execute()
    await addFolder('Paged')
    const created: string[] = []
    for (const color of ['#111111', '#222222', '#333333']) {
      created.push((await callApi('POST', '/gallery-images', { key, form: uploadForm({ image: await png(color), folder: 'Paged' }) })).body!.id as string)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const lost = newId()
    await db.insertInto('gallery').values({ id: lost, title: 'Lost', image_url: `/files/gallery/gone/${lost}.webp`, folder: 'gone', created_at: new Date(0).toISOString() }).execute()

    const first = await callApi('GET', '/gallery-images?per_page=2', { key })
    expect(first.body).toMatchObject({ page: 1, per_page: 2, total: 4 })
    expect(ids(first.body)).toEqual([created[2], created[1]])
    expect(ids((await callApi('GET', '/gallery-images?per_page=2&page=2', { key })).body)).toEqual([created[0], lost])

    const paged = await callApi('GET', '/gallery-images?folder=Paged', { key })
    expect(paged.body).toMatchObject({ total: 3 })
    expect(ids(paged.body)).toEqual([...created].reverse())
    // An image whose folder was deleted is listed under general, as on the admin screen, keeping its folder value.
    const general = await callApi('GET', '/gallery-images?folder=general', { key })
    expect(general.body).toMatchObject({ total: 1, data: [{ id: lost, folder: 'gone' }] })
    expect(await callApi('GET', '/gallery-images?folder_id=x', { key })).toMatchObject({ status: 400, body: { error: { code: 'invalid', fields: { folder_id: expect.any(String) } } } })
  })

  test('invalid input is refused with the form\'s messages by field; nothing is stored', async () => {
    const { key } = await apiKeyFor('editor')
    const rowsBefore = await db.selectFrom('gallery').select('id').orderBy('id').execute()
    const foldersBefore = await db.selectFrom('gallery_folders').select('id').orderBy('id').execute()
    const refusedFields = async (form: FormData) => ((await callApi('POST', '/gallery-images', { key, form })).body!.error as { fields: Record<string, string> }).fields

    expect(await refusedFields(uploadForm({ title: 'No image' }))).toEqual({ image: GALLERY_MESSAGES.noImages })
    expect(await refusedFields(uploadForm({ image: new File(['just text'], 'fake.png', { type: 'image/png' }) }))).toEqual({ image: UPLOAD_MESSAGES.notAnImage })
    expect(await refusedFields(uploadForm({ image: await png('#444444'), folder: 'Trips/2026', title: 'x'.repeat(101) }))).toEqual({
      folder: GALLERY_MESSAGES.folderNameCharacters,
      title: 'Title must be less than 100 characters',
    })
    // One image per request: a second file under the same name would otherwise be dropped unseen.
    const twoImages = uploadForm({ image: await png('#454545') })
    twoImages.append('image', await png('#464646'))
    expect(await refusedFields(twoImages)).toEqual({ image: 'image may be sent only once' })
    expect(await db.selectFrom('gallery').select('id').orderBy('id').execute()).toEqual(rowsBefore)
    expect(await db.selectFrom('gallery_folders').select('id').orderBy('id').execute()).toEqual(foldersBefore)

    const image = await callApi('POST', '/gallery-images', { key, form: uploadForm({ image: await png('#555555'), title: 'Kept' }) })
    const id = image.body!.id as string
    const stored = await storedRow(id)
    expect(await callApi('PATCH', `/gallery-images/${id}`, { key, body: { folder: 'Nowhere' } })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { folder: GALLERY_MESSAGES.folderNotFound } } },
    })
    expect(await callApi('PATCH', `/gallery-images/${id}`, { key, form: uploadForm({ image: await png('#666666') }) })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { image: 'image cannot be changed' } } },
    })
    expect(await callApi('PATCH', `/gallery-images/${id}`, { key, body: { image_url: '/files/gallery/other.webp', created_at: '2020-01-01T00:00:00.000Z' } })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { image_url: 'image_url cannot be changed', created_at: 'created_at cannot be changed' } } },
    })
    expect(await storedRow(id)).toEqual(stored)
    expect(await db.selectFrom('gallery_folders').select('id').where('name', '=', 'Nowhere').execute()).toEqual([])
  })

  test('a key whose owner is below editor is refused; a revoked key is 401; PUT is 405 with Allow', async () => {
    const { key, id, owner } = await apiKeyFor('editor', 'editor')
    expect((await callApi('GET', '/gallery-images', { key })).status).toBe(200)
    await updateUserAccess(owner.userId, { role: 'user', status: 'approved' })
    const before = await db.selectFrom('gallery').select('id').execute()
    expect(await callApi('POST', '/gallery-images', { key, form: uploadForm({ image: await png('#777777') }) })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    expect(await callApi('GET', '/gallery-images', { key })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    expect(await db.selectFrom('gallery').select('id').execute()).toEqual(before)
    await updateUserAccess(owner.userId, { role: 'editor', status: 'approved' })
    await revokeApiKey(id)
    expect(await callApi('GET', '/gallery-images', { key })).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })

    const { key: editor } = await apiKeyFor('editor')
    const wrong = await callApi('PUT', '/gallery-images', { key: editor, body: {} })
    expect(wrong).toMatchObject({ status: 405, body: { error: { code: 'method_not_allowed' } } })
    expect(wrong.headers.get('Allow')).toBe('GET, POST')
    expect((await callApi('PUT', '/gallery-images/some-id', { key: editor, body: {} })).headers.get('Allow')).toBe('GET, PATCH, DELETE')
  })
})
