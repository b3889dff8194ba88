import { beforeAll, describe, expect, test } from 'vitest'
import { action, loader } from '#app/routes/admin/contact-messages.tsx'
import { CONTACT_ADMIN_MESSAGES } from '#app/domain/contact/contact-message.schema.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { BULK_MESSAGES, LIST_PAGE_SIZE } from '#app/lib/list-params.ts'
import { readBool } from '#db/portable.ts'
import { adminScreen } from '#tests/setup/admin-screen.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

type List = Awaited<ReturnType<typeof loader>>
type Answered = { data: { ok: boolean; message?: string; error?: string }; init: { status?: number } | null }

/** A request to the Contact Messages screen through the admin guard: its loader, or its action when a form is posted. */
const screen = (cookie: string, path = '/admin/contact', form?: Array<[string, string]>) => adminScreen(form ? action : loader, cookie, path, form)

const COUNT = 1000
const id = (n: number) => `message-${String(n).padStart(4, '0')}`
const unreadIds = async () => (await db.selectFrom('contact_messages').select(['id', 'read']).execute()).filter((row) => !readBool(row.read)).map((row) => row.id)
let cookie = ''

beforeAll(async () => {
  // 1,000 messages a minute apart, the newest (message-0999) last; every third one read; every tenth about the trip.
  const start = Date.now() - COUNT * 60_000
  const rows = Array.from({ length: COUNT }, (_, n) => ({
    id: id(n),
    name: `Parent ${n}`,
    email: `parent${n}@Families.example`,
    message: n % 10 === 0 ? `Question ${n} about the TRIP` : `Question ${n}`,
    read: n % 3 === 0,
    created_at: new Date(start + n * 60_000).toISOString(),
  }))
  for (let from = 0; from < COUNT; from += 200) await db.insertInto('contact_messages').values(rows.slice(from, from + 200)).execute()
  cookie = (await createSignedInUser('editor')).cookie
})

describe(`the Contact Messages list on ${database.engine}`, () => {
  test(`1,000 messages: ${LIST_PAGE_SIZE} a page, newest first, filters with counts, search`, async () => {
    const first = (await screen(cookie)) as List
    expect(first.pages).toEqual({ page: 1, pageCount: 40, total: COUNT, pageSize: LIST_PAGE_SIZE })
    expect(first.messages.map((message) => message.id)).toEqual(Array.from({ length: LIST_PAGE_SIZE }, (_, n) => id(999 - n)))
    expect(first.counts).toEqual({ all: 1000, unread: 666, read: 334 })
    expect(first.unread).toBe(666)

    const last = (await screen(cookie, '/admin/contact?page=40')) as List
    expect(last.messages.at(-1)!.id).toBe(id(0))
    expect(last.messages).toHaveLength(25)
    expect(((await screen(cookie, '/admin/contact?page=4000')) as List).pages.page).toBe(40)
    expect(((await screen(cookie, '/admin/contact?page=abc&show=spam')) as List)).toMatchObject({ pages: { page: 1 }, filter: 'all' })

    const unread = (await screen(cookie, '/admin/contact?show=unread')) as List
    expect(unread).toMatchObject({ filter: 'unread', pages: { total: 666, pageCount: 27 } })
    expect(unread.messages.every((message) => !message.read)).toBe(true)
    const read = (await screen(cookie, '/admin/contact?show=read&page=2')) as List
    expect(read.pages).toMatchObject({ total: 334, page: 2 })
    expect(read.messages[0]!.id).toBe(id(999 - 3 * 25))

    const trip = (await screen(cookie, '/admin/contact?q=trip&show=unread')) as List
    // Of the 100 trip messages (n % 10 == 0), those with n % 3 == 0 are read.
    expect(trip.counts).toEqual({ all: 100, unread: 66, read: 34 })
    expect(trip.pages.total).toBe(66)
    expect(((await screen(cookie, '/admin/contact?q=PARENT12%40families')) as List).messages.map((message) => message.name)).toEqual(['Parent 12'])
    expect(((await screen(cookie, '/admin/contact?q=Parent%20999')) as List).messages.map((message) => message.id)).toEqual([id(999)])
  })

  test('bulk Mark read, Mark unread and Delete change the selected messages only, in one request each, and announce each', async () => {
    const selected = [id(1), id(2), id(4)]
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['contact_messages'], (change) => changes.push(change))
    const post = (intent: string, ids: string[]) => screen(cookie, '/admin/contact', [['intent', intent], ...ids.map((each): [string, string] => ['ids', each])])

    expect(await post('mark-read', selected)).toEqual({ ok: true, message: '3 messages marked read' })
    const unread = await unreadIds()
    expect(selected.filter((each) => unread.includes(each))).toEqual([])
    expect(unread).toHaveLength(663)
    expect(await post('mark-unread', [id(1)])).toEqual({ ok: true, message: CONTACT_ADMIN_MESSAGES.markedUnread(1) })
    expect(await unreadIds()).toHaveLength(664)

    expect(await post('delete-selected', [id(5), id(6)])).toEqual({ ok: true, message: '2 messages deleted' })
    const left = await db.selectFrom('contact_messages').select('id').execute()
    expect(left).toHaveLength(998)
    expect(left.map((row) => row.id)).not.toContain(id(5))
    expect(left.map((row) => row.id)).toContain(id(7))
    unsubscribe()
    expect(changes).toEqual([
      ...selected.map((each) => ({ table: 'contact_messages', type: 'update', id: each })),
      { table: 'contact_messages', type: 'update', id: id(1) },
      { table: 'contact_messages', type: 'delete', id: id(5) },
      { table: 'contact_messages', type: 'delete', id: id(6) },
    ])
  })

  test('a bulk action refuses unknown ids, none, and more than a page, changing nothing', async () => {
    const post = (intent: string, ids: string[]) => screen(cookie, '/admin/contact', [['intent', intent], ...ids.map((each): [string, string] => ['ids', each])])
    const before = await db.selectFrom('contact_messages').select(['id', 'read']).orderBy('id').execute()
    const gone = (await post('delete-selected', [id(10), 'no-such-message'])) as Answered
    expect(gone).toMatchObject({ data: { ok: false, error: BULK_MESSAGES.gone }, init: { status: 404 } })
    const none = (await post('mark-read', [])) as Answered
    expect(none).toMatchObject({ data: { ok: false, error: BULK_MESSAGES.noneSelected }, init: { status: 400 } })
    const tooMany = (await post('mark-read', Array.from({ length: LIST_PAGE_SIZE + 1 }, (_, n) => id(100 + n)))) as Answered
    expect(tooMany).toMatchObject({ data: { ok: false, error: BULK_MESSAGES.tooMany }, init: { status: 400 } })
    expect(await db.selectFrom('contact_messages').select(['id', 'read']).orderBy('id').execute()).toEqual(before)
  })

  test('Mark all read marks every unread message in one request, and an anonymous visitor cannot', async () => {
    expect(await screen('', '/admin/contact', [['intent', 'mark-all-read']])).toMatch(/^redirect /)
    // The test before deleted one unread message (message-0005) and one read one (message-0006).
    expect(await unreadIds()).toHaveLength(663)
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['contact_messages'], (change) => changes.push(change))
    expect(await screen(cookie, '/admin/contact', [['intent', 'mark-all-read']])).toEqual({ ok: true, message: '663 messages marked read' })
    unsubscribe()
    expect(await unreadIds()).toEqual([])
    expect(changes).toHaveLength(663)
    expect(((await screen(cookie)) as List).unread).toBe(0)
    expect(await screen(cookie, '/admin/contact', [['intent', 'mark-all-read']])).toEqual({ ok: true, message: CONTACT_ADMIN_MESSAGES.noneUnread })
  })
})
