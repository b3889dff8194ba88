import sharp from 'sharp'
import { RouterContextProvider } from 'react-router'
import { beforeEach, describe, expect, test } from 'vitest'
import { createStaffMember, deleteStaffMember, moveStaffMember, updateStaffMember, type StaffSubmission } from '#app/domain/staff/staff-admin.server.ts'
import { isStaffDirectoryEnabled, setStaffDirectoryEnabled, STAFF_DIRECTORY_SETTING } from '#app/domain/staff/staff-directory-setting.server.ts'
import { STAFF_MESSAGES } from '#app/domain/staff/staff.schema.ts'
import { getPublicStaffDirectory, listStaffMembers } from '#app/domain/staff/staff.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { variantUrl } from '#app/lib/uploads/image-variants.ts'
import { action, loader } from '#app/routes/admin/staff.tsx'
import { loader as publicLoader } from '#app/routes/site/staff.tsx'
import { sitemapEntries } from '#app/services/feeds/feed-sources.server.ts'
import { staffContext } from '#app/services/staff-context.ts'
import type { Role } from '#db/tables/people.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { isStored } from '#tests/setup/stored-files.ts'

const database = prepareTestDatabase()

type ActionArgs = Parameters<typeof action>[0]
type LoaderArgs = Parameters<typeof loader>[0]

async function photo(name = 'patel.jpg') {
  const bytes = await sharp({ create: { width: 120, height: 160, channels: 3, background: '#884422' } }).jpeg().toBuffer()
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' })
}

function person(overrides: Partial<StaffSubmission> = {}): StaffSubmission {
  return { name: 'Mrs Amina Patel', jobTitle: 'Head of Science', department: 'Science', email: null, showEmail: false, phone: null, bio: null, ...overrides }
}

function contextAs(role: Role) {
  const context = new RouterContextProvider()
  context.set(staffContext, { userId: `${role}-id`, email: `${role}@example.org`, displayName: role, role, twoFactorEnabled: false })
  return context
}

/** Posts a form to /admin/staff as `role`: the status and body of the answer. */
async function post(fields: Record<string, string | File>, role: Role = 'editor') {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  const request = new Request('http://localhost/admin/staff', { method: 'POST', body: form })
  const answer: unknown = await action({ request, context: contextAs(role), params: {} } as unknown as ActionArgs)
  if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) {
    return { status: (answer.init as ResponseInit | null)?.status ?? 200, body: answer.data }
  }
  return { status: 200, body: answer }
}

const storedRow = (id: string) => db.selectFrom('staff_members').selectAll().where('id', '=', id).executeTakeFirst()
const storedIds = async () => (await listStaffMembers()).map((member) => member.id)

function refusal(field: string, message: string) {
  return { status: 400, body: { ok: false, error: message, fieldErrors: expect.objectContaining({ [field]: message }) } }
}

beforeEach(async () => {
  await db.deleteFrom('staff_members').execute()
  await db.deleteFrom('site_settings').where('key', '=', STAFF_DIRECTORY_SETTING).execute()
})

describe(`the staff directory on ${database.engine}`, () => {
  test('a person is stored, edited and deleted, each write announced; their photo is stored and removed after the commit', async () => {
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['staff_members'], (change) => changes.push(change))
    const created = await createStaffMember(
      person({ email: 'a.patel@school.example', phone: '+44 (0)20 7946-0000', bio: 'Loves rockets.\nRuns the science club.', photoFile: await photo(), photoAlt: ' Mrs Patel in the lab ', photoFocalX: 0.4, photoFocalY: 0.2 }),
    )
    const id = created.id
    expect(created.photoUrl).toMatch(/^\/files\/uploads\/staff\/[^/]+\.webp$/)
    const firstPhoto = created.photoUrl!
    expect(await isStored(firstPhoto)).toBe(true)
    expect(await isStored(variantUrl(firstPhoto, 480))).toBe(true)
    expect(await storedRow(id)).toMatchObject({
      name: 'Mrs Amina Patel',
      job_title: 'Head of Science',
      department: 'Science',
      email: 'a.patel@school.example',
      phone: '+44 (0)20 7946-0000',
      bio: 'Loves rockets.\nRuns the science club.',
      photo_url: firstPhoto,
      photo_alt: 'Mrs Patel in the lab',
      photo_focal_x: 0.4,
      photo_focal_y: 0.2,
      sort_order: 0,
    })

    // Left out, the photo and its description stay.
    const renamed = await updateStaffMember(id, person({ name: 'Dr Amina Patel', department: '', showEmail: true, email: 'a.patel@school.example' }))
    expect(renamed).toMatchObject({ name: 'Dr Amina Patel', department: '', showEmail: true, photoUrl: firstPhoto, photoAlt: 'Mrs Patel in the lab', photoFocal: { x: 0.4, y: 0.2 } })

    // A new photo replaces the old one, whose files go.
    const replaced = await updateStaffMember(id, person({ photoFile: await photo('new.jpg'), photoDecorative: true, photoAlt: 'kept by mistake' }))
    expect(replaced).toMatchObject({ photoAlt: '', photoDecorative: true, photoFocal: { x: 0.5, y: 0.5 } })
    expect(replaced.photoUrl).not.toBe(firstPhoto)
    expect(await isStored(firstPhoto)).toBe(false)
    expect(await isStored(variantUrl(firstPhoto, 480))).toBe(false)
    expect(await isStored(replaced.photoUrl)).toBe(true)

    await deleteStaffMember(id)
    unsubscribe()
    expect(await storedRow(id)).toBeUndefined()
    expect(await isStored(replaced.photoUrl)).toBe(false)
    expect(changes).toEqual([
      { table: 'staff_members', type: 'insert', id },
      { table: 'staff_members', type: 'update', id },
      { table: 'staff_members', type: 'update', id },
      { table: 'staff_members', type: 'delete', id },
    ])
  })

  test('removing the photo deletes its file and its description', async () => {
    const created = await createStaffMember(person({ photoFile: await photo(), photoAlt: 'Mrs Patel' }))
    const updated = await updateStaffMember(created.id, person({ removePhoto: true }))
    expect(updated).toMatchObject({ photoUrl: null, photoAlt: '', photoDecorative: false })
    expect(await isStored(created.photoUrl)).toBe(false)
  })

  test('the admin form: people are added, edited, moved and deleted with their messages', async () => {
    expect(await post({ intent: 'create', name: 'Mr Tom Reed', jobTitle: 'Caretaker', department: '', email: '', phone: '' })).toEqual({ status: 200, body: { ok: true, message: STAFF_MESSAGES.created } })
    expect(await post({ intent: 'create', name: 'Ms Lin Chen', jobTitle: 'Year 3 Teacher', department: 'Teaching', email: 'l.chen@school.example', showEmail: 'on', photoFile: await photo(), photoAlt: 'Ms Chen' })).toMatchObject({ status: 200 })
    const [reed, chen] = await listStaffMembers()
    expect(reed).toMatchObject({ name: 'Mr Tom Reed', email: null, phone: null, bio: null, photoUrl: null, sortOrder: 0 })
    expect(chen).toMatchObject({ name: 'Ms Lin Chen', email: 'l.chen@school.example', showEmail: true, photoAlt: 'Ms Chen', sortOrder: 1 })

    expect(await post({ intent: 'update', id: reed!.id, name: 'Mr Tom Reed', jobTitle: 'Site Manager', department: 'Office' })).toEqual({ status: 200, body: { ok: true, message: STAFF_MESSAGES.updated } })
    expect(await post({ intent: 'move', id: reed!.id, direction: 'down' })).toEqual({ status: 200, body: { ok: true, message: STAFF_MESSAGES.moved } })
    expect(await storedIds()).toEqual([chen!.id, reed!.id])
    expect(await post({ intent: 'delete', id: chen!.id })).toEqual({ status: 200, body: { ok: true, message: STAFF_MESSAGES.deleted } })
    expect(await storedIds()).toEqual([reed!.id])
    expect(await isStored(chen!.photoUrl)).toBe(false)
    expect(await post({ intent: 'delete', id: chen!.id })).toEqual({ status: 404, body: { ok: false, error: STAFF_MESSAGES.notFound, fieldErrors: {} } })
  })

  test('refusals say what is wrong and store nothing', async () => {
    const base = { intent: 'create', name: 'Mrs Amina Patel' }
    expect(await post({ ...base, name: '  ' })).toEqual(refusal('name', 'Name is required'))
    expect(await post({ ...base, name: 'x'.repeat(101) })).toEqual(refusal('name', 'Name must be less than 100 characters'))
    expect(await post({ ...base, jobTitle: 'x'.repeat(101) })).toEqual(refusal('jobTitle', 'Job title must be less than 100 characters'))
    expect(await post({ ...base, department: 'x'.repeat(61) })).toEqual(refusal('department', 'Department must be less than 60 characters'))
    expect(await post({ ...base, email: 'patel at school' })).toEqual(refusal('email', STAFF_MESSAGES.invalidEmail))
    expect(await post({ ...base, phone: '020 7946 0000 ext. 12' })).toEqual(refusal('phone', STAFF_MESSAGES.phoneCharacters))
    expect(await post({ ...base, phone: '+()' })).toEqual(refusal('phone', STAFF_MESSAGES.phoneDigits))
    expect(await post({ ...base, phone: '1'.repeat(31) })).toEqual(refusal('phone', 'Phone must be less than 30 characters'))
    expect(await post({ ...base, bio: 'x'.repeat(501) })).toEqual(refusal('bio', 'Bio must be less than 500 characters'))
    // A photo without alt text: the form sends the empty field; the content API may leave it out.
    expect(await post({ ...base, photoFile: await photo(), photoAlt: '' })).toEqual(refusal('photoAlt', STAFF_MESSAGES.photoAltRequired))
    await expect(createStaffMember(person({ photoFile: await photo() }))).rejects.toMatchObject({ code: 'invalid', fields: { photoAlt: STAFF_MESSAGES.photoAltRequired } })
    expect(await post({ ...base, photoFile: new File(['not an image'], 'me.jpg', { type: 'image/jpeg' }), photoAlt: 'Me' })).toEqual(refusal('photoFile', UPLOAD_MESSAGES.notAnImage))
    expect(await db.selectFrom('staff_members').select('id').execute()).toEqual([])
    // Nothing was left behind in the photo folder by the refused writes.
    const photos = (await Array.fromAsync(storage.list('uploads'))).filter((key) => key.startsWith('staff/'))
    expect(photos).toEqual([])

    const kept = await createStaffMember(person({ photoFile: await photo(), photoAlt: 'Mrs Patel' }))
    await expect(updateStaffMember(kept.id, person({ photoAlt: '' }))).rejects.toMatchObject({ fields: { photoAlt: STAFF_MESSAGES.photoAltRequired } })
    expect(await storedRow(kept.id)).toMatchObject({ photo_alt: 'Mrs Patel' })
  })

  test('moving up and down changes the order of the whole directory; the ends stay put', async () => {
    const [a, b, c] = [await createStaffMember(person({ name: 'A' })), await createStaffMember(person({ name: 'B', department: 'Office' })), await createStaffMember(person({ name: 'C' }))]
    expect(await storedIds()).toEqual([a.id, b.id, c.id])
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['staff_members'], (change) => changes.push(change))
    await moveStaffMember(c.id, 'up')
    expect(await storedIds()).toEqual([a.id, c.id, b.id])
    expect(changes).toEqual([
      { table: 'staff_members', type: 'update', id: c.id },
      { table: 'staff_members', type: 'update', id: b.id },
    ])
    await moveStaffMember(a.id, 'up')
    await moveStaffMember(b.id, 'down')
    unsubscribe()
    expect(changes).toHaveLength(2)
    expect(await storedIds()).toEqual([a.id, c.id, b.id])
    await moveStaffMember(a.id, 'down')
    expect(await storedIds()).toEqual([c.id, a.id, b.id])
    await expect(moveStaffMember('no-such-id', 'up')).rejects.toMatchObject({ code: 'not_found', message: STAFF_MESSAGES.notFound })
    expect(await post({ intent: 'move', id: a.id, direction: 'sideways' })).toMatchObject({ status: 400 })
  })

  test('the directory is off by default; editors turn it on and off, each change announced', async () => {
    expect(await isStaffDirectoryEnabled()).toBe(false)
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['site_settings'], (change) => changes.push(change))
    expect(await post({ intent: 'set-directory', enabled: 'true' })).toEqual({ status: 200, body: { ok: true, message: STAFF_MESSAGES.directoryShown } })
    expect(await isStaffDirectoryEnabled()).toBe(true)
    expect(await post({ intent: 'set-directory', enabled: 'false' })).toEqual({ status: 200, body: { ok: true, message: STAFF_MESSAGES.directoryHidden } })
    unsubscribe()
    expect(await isStaffDirectoryEnabled()).toBe(false)
    expect(changes).toEqual([
      { table: 'site_settings', type: 'update', id: STAFF_DIRECTORY_SETTING },
      { table: 'site_settings', type: 'update', id: STAFF_DIRECTORY_SETTING },
    ])
    const loaded = await loader({ request: new Request('http://localhost/admin/staff'), context: contextAs('editor'), params: {} } as unknown as LoaderArgs)
    expect(loaded).toMatchObject({ enabled: false, people: [] })
  })

  test('the public directory: nothing (and a 404 at /staff, and no sitemap entry) while off; grouped by department, e-mail only when shown, when on', async () => {
    const patel = await createStaffMember(person({ email: 'hidden@school.example', photoFile: await photo(), photoAlt: 'Mrs Patel in the lab' }))
    const reed = await createStaffMember(person({ name: 'Mr Tom Reed', jobTitle: 'Caretaker', department: '', email: 'reed@school.example', showEmail: true, phone: '020 7946 0001' }))
    const chen = await createStaffMember(person({ name: 'Ms Lin Chen', jobTitle: 'Lab Technician', photoFile: await photo(), photoDecorative: true }))
    const office = await createStaffMember(person({ name: 'Mrs Ada Jones', jobTitle: 'Office Manager', department: 'Office' }))

    expect(await getPublicStaffDirectory()).toBeNull()
    const closed = (await publicLoader()) as unknown as { init: ResponseInit; data: unknown }
    expect(closed).toMatchObject({ init: { status: 404 }, data: { departments: null } })
    expect((await sitemapEntries()).map((entry) => entry.path)).not.toContain('/staff')

    await setStaffDirectoryEnabled(true)
    const directory = await getPublicStaffDirectory()
    expect(directory).toEqual([
      {
        name: 'Science',
        people: [
          { id: patel.id, name: 'Mrs Amina Patel', jobTitle: 'Head of Science', photo: { url: patel.photoUrl, alt: 'Mrs Patel in the lab', focal: { x: 0.5, y: 0.5 } }, email: null, phone: null, bio: null },
          { id: chen.id, name: 'Ms Lin Chen', jobTitle: 'Lab Technician', photo: { url: chen.photoUrl, alt: '', focal: { x: 0.5, y: 0.5 } }, email: null, phone: null, bio: null },
        ],
      },
      { name: 'Office', people: [expect.objectContaining({ id: office.id, name: 'Mrs Ada Jones' })] },
      { name: 'Other staff', people: [expect.objectContaining({ id: reed.id, email: 'reed@school.example', phone: '020 7946 0001' })] },
    ])
    expect(JSON.stringify(directory)).not.toContain('hidden@school.example')
    expect(await publicLoader()).toEqual({ departments: directory })
    expect((await sitemapEntries()).map((entry) => entry.path)).toContain('/staff')

    // Without any named department, everyone is under 'Staff'.
    await db.updateTable('staff_members').set({ department: '' }).execute()
    expect((await getPublicStaffDirectory())!.map((department) => department.name)).toEqual(['Staff'])
    await db.deleteFrom('staff_members').execute()
    expect(await getPublicStaffDirectory()).toEqual([])
  })

  test('a signed-in user without the editor role is refused and nothing changes', async () => {
    const refused = (work: Promise<unknown>) =>
      work.then(
        () => 'answered',
        (thrown: unknown) => (thrown instanceof Response ? `${thrown.status} ${thrown.headers.get('Location')}` : 'other error'),
      )
    expect(await refused(post({ intent: 'create', name: 'Mrs Amina Patel' }, 'user'))).toBe('302 /admin')
    expect(await refused(post({ intent: 'set-directory', enabled: 'true' }, 'user'))).toBe('302 /admin')
    expect(await refused(Promise.resolve().then(() => loader({ request: new Request('http://localhost/admin/staff'), context: contextAs('user'), params: {} } as unknown as LoaderArgs)))).toBe('302 /admin')
    expect(await db.selectFrom('staff_members').select('id').execute()).toEqual([])
    expect(await isStaffDirectoryEnabled()).toBe(false)
    // An admin may do what an editor does.
    expect(await post({ intent: 'set-directory', enabled: 'true' }, 'admin')).toMatchObject({ status: 200 })
  })
})
