import { beforeAll, describe, expect, test } from 'vitest'
import { deleteUsers } from '#app/domain/user/user-admin-list.server.ts'
import { USER_MESSAGES } from '#app/domain/user/user-admin.schema.ts'
import { db } from '#app/lib/db.server.ts'
import { BULK_MESSAGES, LIST_PAGE_SIZE } from '#app/lib/list-params.ts'
import { action, loader } from '#app/routes/admin/users.tsx'
import type { ProfileStatus, Role } from '#db/tables/people.ts'
import { adminScreen, bulkForm, type Refused } from '#tests/setup/admin-screen.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

type List = Awaited<ReturnType<typeof loader>>
const HOUR = 60 * 60_000

/**
 * 60 accounts made an hour apart, person-01 the newest: 10 approved admins,
 * 20 editors, 30 users of whom 12 wait as pending and 2 are rejected.
 */
async function seedPeople(): Promise<string[]> {
  const start = Date.now() - 2 * HOUR
  const people = Array.from({ length: 60 }, (_, index) => {
    const n = index + 1
    const role: Role = n <= 10 ? 'admin' : n <= 30 ? 'editor' : 'user'
    const status: ProfileStatus = n > 30 && n <= 42 ? 'pending' : n > 42 && n <= 44 ? 'rejected' : 'approved'
    const label = String(n).padStart(2, '0')
    return { id: `person-${label}`, email: `person-${label}@example.org`, name: `Person ${label}`, role, status, at: new Date(start - n * HOUR).toISOString() }
  })
  await db
    .insertInto('user')
    .values(people.map((person) => ({ id: person.id, name: person.name, email: person.email, emailVerified: true, createdAt: person.at, updatedAt: person.at })))
    .execute()
  await db.insertInto('profiles').values(people.map((person) => ({ id: person.id, email: person.email, full_name: person.name, status: person.status, created_at: person.at }))).execute()
  await db.insertInto('user_roles').values(people.map((person) => ({ user_id: person.id, role: person.role }))).execute()
  return people.map((person) => person.id)
}

describe(`the Users list on ${database.engine}`, () => {
  let admin: Awaited<ReturnType<typeof createSignedInUser>>
  let ids: string[]
  beforeAll(async () => {
    admin = await createSignedInUser('admin')
    ids = await seedPeople()
  })

  test('pages of 25 newest first, role and pending filters with counts of the search, the search of name and e-mail', async () => {
    const list = async (query = '') => (await adminScreen(loader, admin.cookie, `/admin/users${query}`)) as List
    const emails = (loaded: List) => loaded.users.map((user) => user.email)

    const first = await list()
    expect(first).toMatchObject({ filter: 'all', counts: { all: 61, admin: 11, editor: 20, user: 30, pending: 12 }, pages: { page: 1, pageCount: 3, total: 61 } })
    expect(emails(first)).toHaveLength(LIST_PAGE_SIZE)
    expect(emails(first).slice(0, 3)).toEqual([admin.email, 'person-01@example.org', 'person-02@example.org'])
    expect(emails(await list('?page=3'))).toEqual(Array.from({ length: 11 }, (_, index) => `person-${index + 50}@example.org`))
    expect((await list('?page=99')).pages.page).toBe(3)

    const admins = await list('?show=admin')
    expect(admins.pages.total).toBe(11)
    expect(admins.users.every((user) => user.role === 'admin')).toBe(true)
    expect((await list('?show=editor')).users.map((user) => user.role)).toEqual(Array(20).fill('editor'))
    expect((await list('?show=user')).pages).toMatchObject({ total: 30, pageCount: 2 })
    const pending = await list('?show=pending')
    expect(emails(pending)).toEqual(Array.from({ length: 12 }, (_, index) => `person-${index + 31}@example.org`))
    expect((await list('?show=owners')).filter).toBe('all')

    // person-30 (an editor) to person-39 (users, pending); the counts are of these ten.
    const searched = await list('?q=PERSON-3&show=pending')
    expect(searched.counts).toEqual({ all: 10, admin: 0, editor: 1, user: 9, pending: 9 })
    expect(emails(searched)).toEqual(Array.from({ length: 9 }, (_, index) => `person-${index + 31}@example.org`))
    expect(emails(await list(`?q=${encodeURIComponent('Person 07')}`))).toEqual(['person-07@example.org'])
    expect((await list('?q=nobody-here')).users).toEqual([])
  })

  test('Approve approves the selected pending accounts only; Delete deletes the selected accounts; each refusal changes nothing', async () => {
    const post = async (intent: string, chosen: readonly string[]) => adminScreen(action, admin.cookie, '/admin/users', bulkForm(intent, chosen))
    const statuses = async (chosen: readonly string[]) =>
      Object.fromEntries((await db.selectFrom('profiles').select(['id', 'status']).where('id', 'in', chosen).execute()).map((row) => [row.id, row.status]))

    // person-31 and 32 pending, 43 rejected, 01 an approved admin.
    const chosen = ['person-31', 'person-32', 'person-43', 'person-01']
    expect(await post('approve-selected', chosen)).toEqual({ ok: true, message: '2 users approved' })
    expect(await statuses(chosen)).toEqual({ 'person-31': 'approved', 'person-32': 'approved', 'person-43': 'rejected', 'person-01': 'approved' })

    expect(await post('delete-selected', ['person-59', 'person-60'])).toEqual({ ok: true, message: '2 users deleted' })
    expect(await db.selectFrom('user').select('id').where('id', 'in', ['person-59', 'person-60']).execute()).toEqual([])
    expect(await db.selectFrom('profiles').select('id').where('id', 'in', ['person-59', 'person-60']).execute()).toEqual([])

    const refusedWith = async (answer: Promise<unknown>, status: number, error: string) => {
      const refused = (await answer) as Refused
      expect(refused.data.error).toBe(error)
      expect(refused.init?.status).toBe(status)
    }
    const accounts = async () => (await db.selectFrom('user').select('id').execute()).length
    const before = await accounts()
    await refusedWith(post('delete-selected', []), 400, BULK_MESSAGES.noneSelected)
    await refusedWith(post('approve-selected', []), 400, BULK_MESSAGES.noneSelected)
    await refusedWith(post('delete-selected', ids.slice(0, LIST_PAGE_SIZE + 1)), 400, BULK_MESSAGES.tooMany)
    await refusedWith(post('delete-selected', ['person-50', 'no-such-account']), 404, BULK_MESSAGES.gone)
    await refusedWith(post('approve-selected', ['person-33', 'no-such-account']), 404, BULK_MESSAGES.gone)
    // One's own account among the selection refuses them all, as its own Delete would.
    await refusedWith(post('delete-selected', ['person-50', admin.userId]), 403, USER_MESSAGES.ownAccount)
    expect(await accounts()).toBe(before)
    expect(await statuses(['person-33'])).toEqual({ 'person-33': 'pending' })
  })

  test('a selection that holds every approved admin is refused with the last-admin message, deleting none of them', async () => {
    const adminIds = (await db.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').execute()).map((row) => row.user_id)
    expect(adminIds).toHaveLength(11)
    const someoneElse = 'person-60'
    await expect(deleteUsers(adminIds.filter((id) => id !== admin.userId).concat(admin.userId), someoneElse)).rejects.toMatchObject({ message: USER_MESSAGES.lastAdmin, status: 409 })
    expect(await db.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').execute()).toHaveLength(11)
  })
})
