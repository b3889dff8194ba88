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

  test('a search of all messages: its first page, its counts and its pages, whether it finds none, less than a page, a page or more', async () => {
    const search = async (query: string) => (await screen(cookie, `/admin/contact?q=${query}`)) as List
    // Parent 12 and Parent 120 to 129; of them 12, 120, 123, 126 and 129 are read.
    const few = await search('Parent%2012')
    expect(few.messages.map((message) => message.id)).toEqual([129, 128, 127, 126, 125, 124, 123, 122, 121, 120, 12].map(id))
    expect(few.counts).toEqual({ all: 11, read: 5, unread: 6 })
    expect(few.pages).toEqual({ page: 1, pageCount: 1, total: 11, pageSize: LIST_PAGE_SIZE })
    expect(few.unread).toBe(666)
    const none = await search('lantern')
    expect(none).toMatchObject({ messages: [], counts: { all: 0, read: 0, unread: 0 }, pages: { page: 1, pageCount: 1, total: 0 }, unread: 666 })
    const trip = await search('trip')
    expect(trip.messages.map((message) => message.id)).toEqual(Array.from({ length: LIST_PAGE_SIZE }, (_, n) => id(990 - 10 * n)))
    expect(trip.counts).toEqual({ all: 100, unread: 66, read: 34 })
    expect(trip.pages).toEqual({ page: 1, pageCount: 4, total: 100, pageSize: LIST_PAGE_SIZE })
    expect(((await screen(cookie, '/admin/contact?q=trip&page=4')) as List).messages.at(-1)!.id).toBe(id(0))

    // Exactly a page, one more than a page, and more matches than a search keeps as ids (it then counts and pages as
    // the list does), of the newest messages, about lanterns.
    const lanterns = (count: number) => Array.from({ length: count }, (_, n) => ({ id: `lantern-${count}-${String(n).padStart(4, '0')}`, name: 'Lantern parade', email: 'office@families.example', message: 'Lanterns', read: n === 0, created_at: new Date(Date.now() + n * 1000).toISOString() }))
    for (const count of [LIST_PAGE_SIZE, LIST_PAGE_SIZE + 1, 2_001]) {
      const rows = lanterns(count)
      for (let from = 0; from < count; from += 500) await db.insertInto('contact_messages').values(rows.slice(from, from + 500)).execute()
      try {
        const found = await search('lantern')
        expect(found.messages.map((message) => message.id)).toEqual(rows.toReversed().slice(0, LIST_PAGE_SIZE).map((row) => row.id))
        expect(found.counts).toEqual({ all: count, read: 1, unread: count - 1 })
        expect(found.pages).toEqual({ page: 1, pageCount: Math.ceil(count / LIST_PAGE_SIZE), total: count, pageSize: LIST_PAGE_SIZE })
        expect(found.unread).toBe(666 + count - 1)
        const lastPage = Math.ceil(count / LIST_PAGE_SIZE)
        const last = (await screen(cookie, `/admin/contact?q=lantern&page=${lastPage + 5}`)) as List
        expect(last.pages.page).toBe(lastPage)
        expect(last.messages.at(-1)!.id).toBe(rows[0]!.id)
        const read = (await screen(cookie, '/admin/contact?q=LANTERN&show=read')) as List
        expect(read).toMatchObject({ counts: found.counts, pages: { page: 1, pageCount: 1, total: 1 } })
        expect(read.messages.map((message) => message.id)).toEqual([rows[0]!.id])
      } finally {
        await db.deleteFrom('contact_messages').where('id', 'like', 'lantern-%').execute()
      }
    }
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
