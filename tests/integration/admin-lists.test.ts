import { describe, expect, test } from 'vitest'
import { action as blogsAction, loader as blogsLoader } from '#app/routes/admin/blogs.tsx'
import { action as eventsAction, loader as eventsLoader } from '#app/routes/admin/events.tsx'
import { BULK_MESSAGES, LIST_PAGE_SIZE } from '#app/lib/list-params.ts'
import { db } from '#app/lib/db.server.ts'
import { newId } from '#db/portable.ts'
import { adminScreen, bulkForm } from '#tests/setup/admin-screen.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

const DAY = 24 * 60 * 60_000

describe(`the events list on ${database.engine}`, () => {
  test('Upcoming (default) soonest first, Past most recent first, All; pages; search; bulk delete of the selected only', async () => {
    const { cookie } = await createSignedInUser('editor')
    const now = Date.now()
    // 30 upcoming (day 1 to 30 ahead), 20 past (day 1 to 20 ago), and one under way since yesterday until tomorrow.
    const event = (title: string, start: number, end: number | null = null) => ({
      id: newId(),
      title,
      description: '',
      start_date: new Date(start).toISOString(),
      end_date: end === null ? null : new Date(end).toISOString(),
      image_url: null,
    })
    const rows = [
      ...Array.from({ length: 30 }, (_, n) => event(`Ahead ${n + 1}`, now + (n + 1) * DAY)),
      ...Array.from({ length: 20 }, (_, n) => event(`Ago ${n + 1}`, now - (n + 1) * DAY)),
      event('Under way', now - DAY, now + DAY),
    ]
    await db.insertInto('events').values(rows).execute()
    type List = Awaited<ReturnType<typeof eventsLoader>>
    const list = async (query = '') => (await adminScreen(eventsLoader, cookie, `/admin/events${query}`)) as List
    const titles = (loaded: List) => loaded.events.map((item) => item.title)

    const upcoming = await list()
    expect(upcoming).toMatchObject({ filter: 'upcoming', counts: { upcoming: 31, past: 20, all: 51 }, pages: { total: 31, pageCount: 2 } })
    expect(titles(upcoming).slice(0, 3)).toEqual(['Under way', 'Ahead 1', 'Ahead 2'])
    expect(titles(await list('?page=2'))).toEqual(['Ahead 25', 'Ahead 26', 'Ahead 27', 'Ahead 28', 'Ahead 29', 'Ahead 30'])
    expect(titles(await list('?show=past')).slice(0, 2)).toEqual(['Ago 1', 'Ago 2'])
    expect((await list('?show=all')).pages.total).toBe(51)
    expect((await list('?show=whenever')).filter).toBe('upcoming')
    expect(titles(await list('?show=past&q=AGO%202'))).toEqual(['Ago 2', 'Ago 20'])

    const chosen = rows.filter((row) => row.title === 'Ago 1' || row.title === 'Ahead 1').map((row) => row.id)
    expect(await adminScreen(eventsAction, cookie, '/admin/events', bulkForm('delete-selected', chosen))).toEqual({ ok: true, message: '2 events deleted' })
    const left = await db.selectFrom('events').select('id').execute()
    expect(left).toHaveLength(49)
    expect(left.map((row) => row.id)).not.toContain(chosen[0])

    const refused = (await adminScreen(eventsAction, cookie, '/admin/events', bulkForm('delete-selected', [rows[5]!.id, 'no-such-event']))) as { data: { error: string } }
    expect(refused.data.error).toBe(BULK_MESSAGES.gone)
    expect(await db.selectFrom('events').select('id').execute()).toHaveLength(49)
  })
})

describe(`the blog list on ${database.engine}`, () => {
  test('All / Published / Scheduled / Draft with counts; bulk Publish announces each post once; Unpublish; Delete', async () => {
    const { cookie } = await createSignedInUser('editor')
    const email = `family-${newId().slice(0, 8)}@example.org`
    await db.insertInto('subscribers').values({ id: newId(), email, news: 'instant', token_hash: newId(), confirmed_at: new Date().toISOString() }).execute()
    const now = Date.now()
    const post = (title: string, status: 'draft' | 'published', at: number) => ({
      id: newId(),
      slug: `post-${newId()}`,
      title,
      content: '<p>Words</p>',
      excerpt: null,
      cover_image: null,
      cover_decorative: false,
      status,
      published_at: new Date(at).toISOString(),
    })
    const rows = [
      ...Array.from({ length: 26 }, (_, n) => post(`Live ${n}`, 'published', now - (n + 1) * DAY)),
      post('Next week', 'published', now + 7 * DAY),
      post('Draft A', 'draft', now - 3 * 60_000),
      post('Draft B', 'draft', now - 2 * 60_000),
    ]
    await db.insertInto('blogs').values(rows).execute()
    type List = Awaited<ReturnType<typeof blogsLoader>>
    const list = async (query = '') => (await adminScreen(blogsLoader, cookie, `/admin/blogs${query}`)) as List
    expect((await list()).counts).toEqual({ all: 29, published: 26, scheduled: 1, draft: 2 })
    expect((await list()).pages).toMatchObject({ total: 29, pageCount: 2, pageSize: LIST_PAGE_SIZE })
    expect((await list('?show=scheduled')).posts.map((item) => item.title)).toEqual(['Next week'])
    expect((await list('?show=draft')).posts.map((item) => item.title)).toEqual(['Draft B', 'Draft A'])

    const drafts = rows.filter((row) => row.status === 'draft').map((row) => row.id)
    const mails = async () => (await db.selectFrom('outbox_messages').select('id').where('recipient', '=', email).execute()).length
    expect(await mails()).toBe(0)
    expect(await adminScreen(blogsAction, cookie, '/admin/blogs', bulkForm('publish-selected', drafts))).toEqual({ ok: true, message: '2 posts published' })
    expect((await list('?show=draft')).counts).toMatchObject({ draft: 0, published: 28 })
    expect(await mails()).toBe(2)
    // Published again (already live): nothing is announced twice.
    expect(await adminScreen(blogsAction, cookie, '/admin/blogs', bulkForm('publish-selected', drafts))).toEqual({ ok: true, message: '2 posts published' })
    expect(await mails()).toBe(2)

    expect(await adminScreen(blogsAction, cookie, '/admin/blogs', bulkForm('unpublish-selected', [drafts[0]!]))).toEqual({ ok: true, message: '1 post moved to drafts' })
    expect(await db.selectFrom('blogs').select('status').where('id', '=', drafts[0]!).executeTakeFirst()).toEqual({ status: 'draft' })

    expect(await adminScreen(blogsAction, cookie, '/admin/blogs', bulkForm('delete-selected', drafts))).toEqual({ ok: true, message: '2 posts deleted' })
    expect(await db.selectFrom('blogs').select('id').where('id', 'in', drafts).execute()).toEqual([])
    expect((await list()).counts.all).toBe(27)
    const anonymous = await adminScreen(blogsAction, '', '/admin/blogs', bulkForm('delete-selected', [rows[0]!.id]))
    expect(anonymous).toMatch(/^redirect /)
    expect((await list()).counts.all).toBe(27)
  })
})
