import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { STAFF_MESSAGES } from '#app/domain/staff/staff.schema.ts'
import { updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { isStored } from '#tests/setup/stored-files.ts'

const database = prepareTestDatabase()

const storedRow = (id: string) => db.selectFrom('staff_members').selectAll().where('id', '=', id).executeTakeFirst()

async function photoFile() {
  const bytes = await sharp({ create: { width: 90, height: 120, channels: 3, background: '#aa6633' } }).jpeg().toBuffer()
  return new File([new Uint8Array(bytes)], 'patel.jpg', { type: 'image/jpeg' })
}

describe(`content API: staff on ${database.engine}`, () => {
  test('create 201 with the stored person, tells the change feed; read, PATCH (merged), DELETE 204', async () => {
    const { key } = await apiKeyFor('editor')
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['staff_members'], (change) => changes.push(change))
    const created = await callApi('POST', '/staff', { key, body: { name: ' Mrs Amina Patel ', job_title: 'Head of Science', department: 'Science', email: 'a.patel@school.example', phone: '020 7946 0000' } })
    unsubscribe()
    expect(created.status).toBe(201)
    const id = created.body!.id as string
    expect(created.body).toEqual({
      id,
      name: 'Mrs Amina Patel',
      job_title: 'Head of Science',
      department: 'Science',
      email: 'a.patel@school.example',
      show_email: false,
      phone: '020 7946 0000',
      bio: null,
      photo_url: null,
      photo_alt: '',
      photo_decorative: false,
      photo_focal_x: 0.5,
      photo_focal_y: 0.5,
      sort_order: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(changes).toEqual([{ table: 'staff_members', type: 'insert', id }])
    expect(await callApi('GET', `/staff/${id}`, { key })).toMatchObject({ status: 200, body: created.body })

    const changed = await callApi('PATCH', `/staff/${id}`, { key, body: { show_email: true, phone: null, bio: 'Runs the science club.' } })
    expect(changed).toMatchObject({ status: 200, body: { name: 'Mrs Amina Patel', department: 'Science', email: 'a.patel@school.example', show_email: true, phone: null, bio: 'Runs the science club.' } })
    expect(await storedRow(id)).toMatchObject({ phone: null, bio: 'Runs the science club.' })

    expect((await callApi('DELETE', `/staff/${id}`, { key })).status).toBe(204)
    expect(await storedRow(id)).toBeUndefined()
    expect(await callApi('DELETE', `/staff/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: STAFF_MESSAGES.notFound } } })
  })

  test('a photo comes as a file with its alt text (or the decorative mark); JSON null removes it and its file', async () => {
    const { key } = await apiKeyFor('editor')
    const form = new FormData()
    form.set('name', 'Ms Lin Chen')
    form.set('photo_url', await photoFile())
    expect(await callApi('POST', '/staff', { key, form })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', message: STAFF_MESSAGES.photoAltRequired, fields: { photo_alt: STAFF_MESSAGES.photoAltRequired } } },
    })
    form.set('photo_alt', 'Ms Chen at the whiteboard')
    form.set('photo_focal_x', '0.3')
    form.set('photo_focal_y', '0.2')
    const created = await callApi('POST', '/staff', { key, form })
    expect(created).toMatchObject({ status: 201, body: { photo_alt: 'Ms Chen at the whiteboard', photo_decorative: false, photo_focal_x: 0.3, photo_focal_y: 0.2 } })
    const id = created.body!.id as string
    const photo = created.body!.photo_url
    expect(photo).toMatch(/^\/files\/uploads\/staff\/.+\.webp$/)
    expect(await isStored(photo)).toBe(true)

    expect(await callApi('PATCH', `/staff/${id}`, { key, body: { photo_alt: '' } })).toMatchObject({ status: 400, body: { error: { fields: { photo_alt: STAFF_MESSAGES.photoAltRequired } } } })
    expect(await callApi('PATCH', `/staff/${id}`, { key, body: { photo_decorative: true } })).toMatchObject({ status: 200, body: { photo_url: photo, photo_alt: '', photo_decorative: true } })
    expect(await callApi('PATCH', `/staff/${id}`, { key, body: { photo_url: null } })).toMatchObject({ status: 200, body: { photo_url: null, photo_alt: '', photo_decorative: false } })
    expect(await isStored(photo)).toBe(false)

    const fake = new FormData()
    fake.set('name', 'Mr Tom Reed')
    fake.set('photo_url', new File(['not an image'], 'me.jpg', { type: 'image/jpeg' }))
    fake.set('photo_decorative', 'true')
    expect(await callApi('POST', '/staff', { key, form: fake })).toMatchObject({ status: 400, body: { error: { code: 'invalid', fields: { photo_url: expect.any(String) } } } })
    expect(await callApi('POST', '/staff', { key, body: { name: 'Mr Tom Reed', photo_url: '/files/uploads/staff/x.webp' } })).toMatchObject({ status: 400, body: { error: { fields: { photo_url: expect.any(String) } } } })
  })

  test('the list follows the directory order, paginated with the total; invalid input gets the form\'s messages by field', async () => {
    const { key } = await apiKeyFor('editor')
    await db.deleteFrom('staff_members').execute()
    const ids: string[] = []
    for (const name of ['A', 'B', 'C']) ids.push((await callApi('POST', '/staff', { key, body: { name } })).body!.id as string)
    const first = await callApi('GET', '/staff?per_page=2', { key })
    expect(first.body).toMatchObject({ page: 1, per_page: 2, total: 3 })
    expect((first.body!.data as { id: string; sort_order: number }[]).map((item) => [item.id, item.sort_order])).toEqual([
      [ids[0], 0],
      [ids[1], 1],
    ])

    const refused = await callApi('POST', '/staff', { key, body: { name: '', email: 'not-an-address', phone: 'call me', department: 'x'.repeat(61) } })
    expect(refused).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'invalid',
          fields: {
            name: 'Name is required',
            email: STAFF_MESSAGES.invalidEmail,
            phone: STAFF_MESSAGES.phoneCharacters,
            department: 'Department must be less than 60 characters',
          },
        },
      },
    })
    // The order is changed on the admin screen only.
    expect(await callApi('POST', '/staff', { key, body: { name: 'D', sort_order: 0 } })).toMatchObject({ status: 400, body: { error: { fields: { sort_order: 'sort_order cannot be changed' } } } })
    expect(await db.selectFrom('staff_members').select('id').execute()).toHaveLength(3)
  })

  test('a key whose owner is below editor is refused', async () => {
    const { key, owner } = await apiKeyFor('editor', 'editor')
    expect((await callApi('GET', '/staff', { key })).status).toBe(200)
    await updateUserAccess(owner.userId, { role: 'user', status: 'approved' })
    expect(await callApi('POST', '/staff', { key, body: { name: 'A' } })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
  })
})
