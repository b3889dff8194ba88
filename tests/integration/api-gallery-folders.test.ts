import { beforeAll, describe, expect, test } from 'vitest'
import { GALLERY_MESSAGES } from '#app/domain/gallery/gallery.schema.ts'
import { updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { revokeApiKey } from '#app/services/api/api-keys.server.ts'
import { db } from '#app/lib/db.server.ts'
import { newId, readBool } from '#db/portable.ts'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { changesDuring } from '#tests/setup/changes.ts'

const database = prepareTestDatabase()

async function storedFolder(id: string) {
  const row = await db.selectFrom('gallery_folders').selectAll().where('id', '=', id).executeTakeFirst()
  return row && { id: row.id, name: row.name, externalUse: readBool(row.external_use), enabled: readBool(row.enabled) }
}

async function addImage(folder: string) {
  const id = newId()
  await db.insertInto('gallery').values({ id, title: null, folder, image_url: `/files/gallery/${folder || 'none'}/${id}.webp`, created_at: new Date().toISOString() }).execute()
  return id
}

const allFolders = () => db.selectFrom('gallery_folders').selectAll().orderBy('id').execute()

let generalId = ''

beforeAll(async () => {
  generalId = newId()
  await db.insertInto('gallery_folders').values({ id: generalId, name: 'general', external_use: true, enabled: true, slug: 'general' }).execute()
})

describe(`content API: gallery folders on ${database.engine}`, () => {
  test('create 201 with the stored folder, its row and change event; read, PATCH (a rename moves its images), DELETE 204 leaves the images', async () => {
    const { key } = await apiKeyFor('editor')
    let created: Awaited<ReturnType<typeof callApi>> | undefined
    const changes = await changesDuring(['gallery', 'gallery_folders'], async () => {
      created = await callApi('POST', '/gallery-folders', { key, body: { name: '  Staff Room ', external_use: false } })
    })
    expect(created!.status).toBe(201)
    const id = created!.body!.id as string
    expect(created!.body).toEqual({
      id,
      name: 'Staff Room',
      external_use: false,
      enabled: false,
      image_count: 0,
      slug: 'staff-room',
      description: '',
      cover_image_id: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(await storedFolder(id)).toEqual({ id, name: 'Staff Room', externalUse: false, enabled: false })
    expect(changes).toEqual([{ table: 'gallery_folders', type: 'insert', id }])

    const images = [await addImage('Staff Room'), await addImage('Staff Room')]
    expect(await callApi('GET', `/gallery-folders/${id}`, { key })).toMatchObject({ status: 200, body: { ...created!.body, image_count: 2 } })

    expect(await callApi('PATCH', `/gallery-folders/${id}`, { key, body: { enabled: false } })).toMatchObject({
      status: 200,
      body: { id, name: 'Staff Room', external_use: false, enabled: false, image_count: 2 },
    })
    const renamed = await changesDuring(['gallery', 'gallery_folders'], async () => {
      expect(await callApi('PATCH', `/gallery-folders/${id}`, { key, body: { name: 'Staff' } })).toMatchObject({
        status: 200,
        body: { id, name: 'Staff', external_use: false, enabled: false, image_count: 2 },
      })
    })
    expect(renamed).toEqual(expect.arrayContaining([{ table: 'gallery_folders', type: 'update', id }, ...images.map((image) => ({ table: 'gallery', type: 'update', id: image }))]))
    expect(await storedFolder(id)).toEqual({ id, name: 'Staff', externalUse: false, enabled: false })
    expect(await db.selectFrom('gallery').select('folder').where('id', 'in', images).execute()).toEqual([{ folder: 'Staff' }, { folder: 'Staff' }])

    const removed = await changesDuring(['gallery', 'gallery_folders'], async () => {
      expect((await callApi('DELETE', `/gallery-folders/${id}`, { key })).status).toBe(204)
    })
    expect(removed).toEqual([{ table: 'gallery_folders', type: 'delete', id }])
    expect(await storedFolder(id)).toBeUndefined()
    expect(await callApi('GET', `/gallery-folders/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
    expect(await callApi('DELETE', `/gallery-folders/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: GALLERY_MESSAGES.folderNotFound } } })
    // Its images stay with their folder value, listed under general until moved.
    expect(await db.selectFrom('gallery').select('folder').where('id', 'in', images).execute()).toEqual([{ folder: 'Staff' }, { folder: 'Staff' }])
    const listedUnderGeneral = await callApi('GET', '/gallery-images?folder=general&per_page=100', { key })
    expect((listedUnderGeneral.body!.data as { id: string }[]).map((image) => image.id)).toEqual(expect.arrayContaining(images))
  })

  test('a folder created without switches starts as every new album does: for external use, not published', async () => {
    const { key } = await apiKeyFor('editor')
    const created = await callApi('POST', '/gallery-folders', { key, body: { name: 'Sports Day' } })
    expect(created).toMatchObject({ status: 201, body: { name: 'Sports Day', external_use: true, enabled: false } })
    expect(await storedFolder(created.body!.id as string)).toMatchObject({ externalUse: true, enabled: false })
    const published = await callApi('POST', '/gallery-folders', { key, body: { name: 'Choir', enabled: true } })
    expect(published).toMatchObject({ status: 201, body: { name: 'Choir', external_use: true, enabled: true } })
  })

  test('a multipart body gives the switches as text', async () => {
    const { key } = await apiKeyFor('editor')
    const form = new FormData()
    form.set('name', 'Clubs')
    form.set('external_use', 'false')
    form.set('enabled', 'true')
    expect(await callApi('POST', '/gallery-folders', { key, form })).toMatchObject({ status: 201, body: { name: 'Clubs', external_use: false, enabled: true } })
  })

  test('a name taken in any case is 409 on create and rename; the default folder cannot be renamed or deleted (409) but its switches change', async () => {
    const { key } = await apiKeyFor('editor')
    const music = await callApi('POST', '/gallery-folders', { key, body: { name: 'Music' } })
    const drama = await callApi('POST', '/gallery-folders', { key, body: { name: 'Drama' } })
    const before = await allFolders()
    const taken = { status: 409, body: { error: { code: 'conflict', message: GALLERY_MESSAGES.folderNameTaken, fields: { name: GALLERY_MESSAGES.folderNameTaken } } } }
    const changes = await changesDuring(['gallery', 'gallery_folders'], async () => {
      expect(await callApi('POST', '/gallery-folders', { key, body: { name: 'music' } })).toMatchObject(taken)
      expect(await callApi('PATCH', `/gallery-folders/${drama.body!.id as string}`, { key, body: { name: 'MUSIC' } })).toMatchObject(taken)
      const fixed = GALLERY_MESSAGES.defaultFolderFixed
      expect(await callApi('PATCH', `/gallery-folders/${generalId}`, { key, body: { name: 'misc' } })).toMatchObject({ status: 409, body: { error: { code: 'conflict', fields: { name: fixed } } } })
      expect(await callApi('DELETE', `/gallery-folders/${generalId}`, { key })).toMatchObject({ status: 409, body: { error: { code: 'conflict', message: fixed } } })
    })
    expect(changes).toEqual([])
    expect(await allFolders()).toEqual(before)
    expect(music.status).toBe(201)

    expect(await callApi('PATCH', `/gallery-folders/${generalId}`, { key, body: { external_use: false } })).toMatchObject({ status: 200, body: { name: 'general', external_use: false } })
    expect(await callApi('PATCH', `/gallery-folders/${generalId}`, { key, body: { external_use: true } })).toMatchObject({ status: 200, body: { external_use: true } })
  })

  test('the list is paginated by name as the admin screen shows the folders, with the total and each folder\'s image count', async () => {
    const { key } = await apiKeyFor('editor')
    await db.deleteFrom('gallery').execute()
    await db.deleteFrom('gallery_folders').where('id', '!=', generalId).execute()
    // Lower case: SQLite orders by bytes (capitals first), PostgreSQL by its collation; both agree on these.
    for (const name of ['zoo', 'art']) await callApi('POST', '/gallery-folders', { key, body: { name } })
    await addImage('art')
    await addImage('')
    await addImage('deleted-folder')

    const first = await callApi('GET', '/gallery-folders?per_page=2', { key })
    expect(first.body).toMatchObject({ page: 1, per_page: 2, total: 3 })
    expect(first.body!.data).toEqual([expect.objectContaining({ name: 'art', image_count: 1 }), expect.objectContaining({ name: 'general', image_count: 2 })])
    expect((await callApi('GET', '/gallery-folders?per_page=2&page=2', { key })).body!.data).toEqual([expect.objectContaining({ name: 'zoo', image_count: 0 })])
    expect(await callApi('GET', '/gallery-folders?name=Zoo', { key })).toMatchObject({ status: 400, body: { error: { code: 'invalid', fields: { name: expect.any(String) } } } })
  })

  test('invalid input is refused with the form\'s messages by field; nothing is stored', async () => {
    const { key } = await apiKeyFor('editor')
    const before = await allFolders()
    expect(await callApi('POST', '/gallery-folders', { key, body: { name: '   ' } })).toMatchObject({ status: 400, body: { error: { code: 'invalid', fields: { name: GALLERY_MESSAGES.folderNameRequired } } } })
    expect(await callApi('POST', '/gallery-folders', { key, body: { name: 'Trips/2026' } })).toMatchObject({ status: 400, body: { error: { fields: { name: GALLERY_MESSAGES.folderNameCharacters } } } })
    expect(await callApi('POST', '/gallery-folders', { key, body: { name: 'x'.repeat(51), enabled: 'maybe' } })).toMatchObject({
      status: 400,
      body: { error: { fields: { name: GALLERY_MESSAGES.folderNameTooLong, enabled: expect.any(String) } } },
    })
    expect(await callApi('PATCH', `/gallery-folders/${generalId}`, { key, body: { image_count: 5 } })).toMatchObject({ status: 400, body: { error: { fields: { image_count: 'image_count cannot be changed' } } } })
    expect(await allFolders()).toEqual(before)
  })

  test('a key whose owner is below editor is refused; a revoked key is 401; PUT is 405 with Allow', async () => {
    const { key, id, owner } = await apiKeyFor('editor', 'editor')
    expect((await callApi('GET', '/gallery-folders', { key })).status).toBe(200)
    await updateUserAccess(owner.userId, { role: 'user', status: 'approved' })
    const before = await allFolders()
    expect(await callApi('POST', '/gallery-folders', { key, body: { name: 'Refused' } })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    expect(await allFolders()).toEqual(before)
    await updateUserAccess(owner.userId, { role: 'editor', status: 'approved' })
    await revokeApiKey(id)
    expect(await callApi('GET', '/gallery-folders', { key })).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })

    const { key: editor } = await apiKeyFor('editor')
    const wrong = await callApi('PUT', '/gallery-folders', { key: editor, body: {} })
    expect(wrong).toMatchObject({ status: 405, body: { error: { code: 'method_not_allowed' } } })
    expect(wrong.headers.get('Allow')).toBe('GET, POST')
    expect((await callApi('PUT', `/gallery-folders/${generalId}`, { key: editor, body: {} })).headers.get('Allow')).toBe('GET, PATCH, DELETE')
  })
})
