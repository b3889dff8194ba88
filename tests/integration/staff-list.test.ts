import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { createStaffMember } from '#app/domain/staff/staff-admin.server.ts'
import { db } from '#app/lib/db.server.ts'
import { BULK_MESSAGES, LIST_PAGE_SIZE } from '#app/lib/list-params.ts'
import { action, loader } from '#app/routes/admin/staff.tsx'
import { adminScreen, bulkForm, type Refused } from '#tests/setup/admin-screen.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'
import { isStored } from '#tests/setup/stored-files.ts'

const database = prepareTestDatabase()

type List = Awaited<ReturnType<typeof loader>>

/** Staff 01 to 60 in that order: 20 in Science, 15 in Maths, 10 in English, 5 in the Office, 10 without a department; every fourth a Teaching Assistant. */
function staffRow(n: number) {
  const label = String(n).padStart(2, '0')
  const department = n <= 20 ? 'Science' : n <= 35 ? 'Maths' : n <= 45 ? 'English' : n <= 50 ? 'Office' : ''
  return {
    id: `staff-${label}`,
    name: `Staff ${label}`,
    job_title: n % 4 === 0 ? 'Teaching Assistant' : 'Teacher',
    department,
    email: null,
    show_email: false,
    phone: null,
    bio: null,
    photo_url: null,
    photo_alt: '',
    photo_decorative: false,
    photo_focal_x: 0.5,
    photo_focal_y: 0.5,
    sort_order: n,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
  }
}

async function photo() {
  const bytes = await sharp({ create: { width: 120, height: 160, channels: 3, background: '#884422' } }).jpeg().toBuffer()
  return new File([new Uint8Array(bytes)], 'portrait.jpg', { type: 'image/jpeg' })
}

describe(`the staff list on ${database.engine}`, () => {
  let cookie: string
  beforeAll(async () => {
    cookie = (await createSignedInUser('editor')).cookie
    await db
      .insertInto('staff_members')
      .values(Array.from({ length: 60 }, (_, index) => staffRow(index + 1)))
      .execute()
  })
  const list = async (query = '') => (await adminScreen(loader, cookie, `/admin/staff${query}`)) as List
  const names = (loaded: List) => loaded.people.map((person) => person.name)
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => `Staff ${String(from + index).padStart(2, '0')}`)

  test('pages of 25 in directory order; a department filter with counts; search of name, job title and department', async () => {
    const first = await list()
    expect(first).toMatchObject({ department: '', matching: 60, pages: { page: 1, pageCount: 3, total: 60 } })
    expect(names(first)).toEqual(range(1, LIST_PAGE_SIZE))
    expect(first.departments).toEqual([
      { name: 'English', count: 10 },
      { name: 'Maths', count: 15 },
      { name: 'Office', count: 5 },
      { name: 'Science', count: 20 },
    ])
    expect(names(await list('?page=3'))).toEqual(range(51, 60))

    const maths = await list('?department=Maths')
    expect(maths).toMatchObject({ department: 'Maths', pages: { total: 15, pageCount: 1 } })
    expect(names(maths)).toEqual(range(21, 35))
    expect(await list('?department=Drama')).toMatchObject({ department: '', pages: { total: 60 } })

    const assistants = await list('?q=ASSISTANT')
    expect(assistants).toMatchObject({ matching: 15, pages: { total: 15 } })
    expect(assistants.departments).toEqual([
      { name: 'English', count: 3 },
      { name: 'Maths', count: 3 },
      { name: 'Office', count: 1 },
      { name: 'Science', count: 5 },
    ])
    expect(names(await list('?q=assistant&department=Maths'))).toEqual(['Staff 24', 'Staff 28', 'Staff 32'])
    expect(names(await list('?q=office'))).toEqual(range(46, 50))
    expect(names(await list(`?q=${encodeURIComponent('staff 07')}`))).toEqual(['Staff 07'])
    expect((await list('?q=nobody')).people).toEqual([])
  })

  test('Delete removes the selected people and, after the commit, their photos; each refusal changes nothing', async () => {
    const withPhoto = await Promise.all([1, 2].map(async () => createStaffMember({ name: 'Pictured', jobTitle: '', department: '', email: null, showEmail: false, phone: null, bio: null, photoFile: await photo(), photoDecorative: true })))
    const photos = withPhoto.map((person) => person.photoUrl)
    expect(await Promise.all(photos.map(isStored))).toEqual([true, true])
    const post = async (ids: readonly string[]) => adminScreen(action, cookie, '/admin/staff', bulkForm('delete-selected', ids))

    expect(await post([...withPhoto.map((person) => person.id), 'staff-60'])).toEqual({ ok: true, message: '3 people deleted' })
    expect(await db.selectFrom('staff_members').select('id').where('id', 'in', [...withPhoto.map((person) => person.id), 'staff-60']).execute()).toEqual([])
    expect(await Promise.all(photos.map(isStored))).toEqual([false, false])

    const stored = async () => (await db.selectFrom('staff_members').select('id').execute()).length
    expect(await stored()).toBe(59)
    const refusedWith = async (ids: readonly string[], status: number, error: string) => {
      const refused = (await post(ids)) as Refused
      expect(refused.data.error).toBe(error)
      expect(refused.init?.status).toBe(status)
    }
    await refusedWith([], 400, BULK_MESSAGES.noneSelected)
    await refusedWith(range(1, LIST_PAGE_SIZE + 1).map((name) => name.replace('Staff ', 'staff-')), 400, BULK_MESSAGES.tooMany)
    await refusedWith(['staff-01', 'staff-60'], 404, BULK_MESSAGES.gone)
    await refusedWith(['staff-01', 'someone-else'], 404, BULK_MESSAGES.gone)
    expect(await stored()).toBe(59)
  })
})
