import { beforeAll, describe, expect, test } from 'vitest'
import { action, loader } from '#app/routes/admin/pages.tsx'
import { PAGE_MESSAGES } from '#app/domain/page/page.schema.ts'
import { PUBLICATION_MESSAGES } from '#app/domain/publishing/publication.ts'
import { db } from '#app/lib/db.server.ts'
import { BULK_MESSAGES, LIST_PAGE_SIZE } from '#app/lib/list-params.ts'
import { newId } from '#db/portable.ts'
import { adminScreen, bulkForm, type Refused } from '#tests/setup/admin-screen.ts'
import { changesDuring } from '#tests/setup/changes.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

type List = Awaited<ReturnType<typeof loader>>
const DAY = 24 * 60 * 60_000
const two = (n: number) => String(n).padStart(2, '0')

/**
 * 60 pages: Top 01…20 published (Alpha 01…10 under Top 01, Beta 01…10 under
 * Top 02, Three A…E under Top 03: three drafts, two scheduled), Draft 01…10
 * and Soon 1…5 (scheduled) at the top level after them.
 */
function sixtyPages() {
  const now = Date.now()
  const ids = new Map<string, string>()
  const page = (title: string, sortOrder: number, state: 'published' | 'draft' | 'scheduled', parent: string | null = null) => {
    const id = newId()
    ids.set(title, id)
    const at = new Date(state === 'scheduled' ? now + 7 * DAY : now - DAY).toISOString()
    const slug = title.toLowerCase().replace(/ /g, '-')
    return { id, title, slug, parent_id: parent ? ids.get(parent)! : null, content: '<p>Words</p>', cover_decorative: false, sort_order: sortOrder, status: state === 'draft' ? ('draft' as const) : ('published' as const), published_at: at, created_at: at, updated_at: at }
  }
  const tops = Array.from({ length: 20 }, (_, n) => page(`Top ${two(n + 1)}`, n, 'published'))
  const rows = [
    ...tops,
    ...Array.from({ length: 10 }, (_, n) => page(`Alpha ${two(n + 1)}`, n, 'published', 'Top 01')),
    ...Array.from({ length: 10 }, (_, n) => page(`Beta ${two(n + 1)}`, n, 'published', 'Top 02')),
    ...(['draft', 'draft', 'draft', 'scheduled', 'scheduled'] as const).map((state, n) => page(`Three ${'ABCDE'[n]}`, n, state, 'Top 03')),
    ...Array.from({ length: 10 }, (_, n) => page(`Draft ${two(n + 1)}`, 20 + n, 'draft')),
    ...Array.from({ length: 5 }, (_, n) => page(`Soon ${n + 1}`, 30 + n, 'scheduled')),
  ]
  return { rows, id: (title: string) => ids.get(title)! }
}

/** The list as the screen draws it: each branch's top line (in brackets when it is there only for its children), then its children. */
const tree = (loaded: List) => loaded.branches.flatMap((branch) => [branch.context ? `(${branch.page.title})` : branch.page.title, ...branch.children.map((child) => `  ${child.title}`)])

describe(`the page list on ${database.engine}`, () => {
  const { rows, id } = sixtyPages()
  let cookie = ''
  beforeAll(async () => {
    await db.deleteFrom('menu_items').where('page_id', 'is not', null).execute()
    await db.deleteFrom('pages').where('parent_id', 'is not', null).execute()
    await db.deleteFrom('pages').execute()
    await db.insertInto('pages').values(rows).execute()
    cookie = (await createSignedInUser('editor')).cookie
  })
  const list = async (query = '') => (await adminScreen(loader, cookie, `/admin/pages${query}`)) as List
  const post = (form: Array<[string, string]>) => adminScreen(action, cookie, '/admin/pages', form)
  const status = async (title: string) => (await db.selectFrom('pages').select('status').where('id', '=', id(title)).executeTakeFirst())?.status

  test('25 pages a page in tree order, a child on a later page under its parent shown for context; counts by state; search keeps the parent', async () => {
    const first = await list()
    expect(first.counts).toEqual({ all: 60, published: 40, scheduled: 7, draft: 13 })
    expect(first.pages).toEqual({ page: 1, pageCount: 3, total: 60, pageSize: LIST_PAGE_SIZE })
    expect(tree(first)).toEqual(['Top 01', ...rows.slice(20, 30).map((row) => `  ${row.title}`), 'Top 02', ...rows.slice(30, 40).map((row) => `  ${row.title}`), 'Top 03', '  Three A', '  Three B'])
    expect(first.branches[0]!.page).toMatchObject({ address: '/top-01', first: true, last: false })
    expect(first.branches[0]!.children[0]).toMatchObject({ address: '/top-01/alpha-01', first: true, last: false })
    expect(first.parents.map((parent) => parent.title)).toHaveLength(35)

    const second = await list('?page=2')
    expect(tree(second).slice(0, 5)).toEqual(['(Top 03)', '  Three C', '  Three D', '  Three E', 'Top 04'])
    expect(second.branches[0]!.children.at(-1)).toMatchObject({ title: 'Three E', last: true })
    expect(tree(await list('?page=3'))).toEqual([...rows.slice(50, 55), ...rows.slice(55)].map((row) => row.title))
    expect((await list('?page=3')).branches.at(-1)!.page).toMatchObject({ title: 'Soon 5', last: true })

    const drafts = await list('?show=draft')
    expect(drafts).toMatchObject({ filter: 'draft', pages: { total: 13, pageCount: 1 } })
    expect(tree(drafts)).toEqual(['(Top 03)', '  Three A', '  Three B', '  Three C', ...rows.slice(45, 55).map((row) => row.title)])
    expect(tree(await list('?show=scheduled'))).toEqual(['(Top 03)', '  Three D', '  Three E', 'Soon 1', 'Soon 2', 'Soon 3', 'Soon 4', 'Soon 5'])
    expect((await list('?show=published')).pages.total).toBe(40)
    expect((await list('?show=hidden')).filter).toBe('all')

    // A child matching the search comes with its parent; a parent matching brings all its children.
    const beta = await list('?q=BETA%200')
    expect(tree(beta)).toEqual(['(Top 02)', ...rows.slice(30, 39).map((row) => `  ${row.title}`)])
    expect(beta.counts).toEqual({ all: 9, published: 9, scheduled: 0, draft: 0 })
    const three = await list('?q=top%2003')
    expect(tree(three)).toEqual(['Top 03', '  Three A', '  Three B', '  Three C', '  Three D', '  Three E'])
    expect(three.counts).toEqual({ all: 6, published: 1, scheduled: 2, draft: 3 })
    expect(tree(await list('?q=top%2003&show=draft'))).toEqual(['(Top 03)', '  Three A', '  Three B', '  Three C'])
    expect(tree(await list('?q=nothing-like-it'))).toEqual([])
  })

  test('bulk Publish and Unpublish go through each page’s own update: one change event each, and one page that may not go public refuses them all', async () => {
    const chosen = [id('Draft 01'), id('Three A')]
    const published = await changesDuring(['pages'], async () => {
      expect(await post(bulkForm('publish-selected', chosen))).toEqual({ ok: true, message: '2 pages published' })
    })
    expect(published.toSorted((a, b) => (a.id < b.id ? -1 : 1))).toEqual(chosen.toSorted().map((each) => ({ table: 'pages', type: 'update', id: each })))
    expect(await status('Draft 01')).toBe('published')
    expect(await status('Three A')).toBe('published')
    expect((await list()).counts).toEqual({ all: 60, published: 42, scheduled: 7, draft: 11 })
    const revisions = await db.selectFrom('revisions').select('id').where('subject', '=', 'pages').where('subject_id', 'in', chosen).execute()
    expect(revisions).toHaveLength(2)

    expect(await post(bulkForm('unpublish-selected', [id('Top 05')]))).toEqual({ ok: true, message: '1 page moved to drafts' })
    expect(await status('Top 05')).toBe('draft')

    // A picture without alt text keeps Draft 02 a draft, and Draft 03 with it.
    await db.updateTable('pages').set({ content: '<p><img src="https://example.org/hall.jpg"></p>' }).where('id', '=', id('Draft 02')).execute()
    const refused = (await post(bulkForm('publish-selected', [id('Draft 03'), id('Draft 02')]))) as Refused
    expect(refused.data.error).toBe(PUBLICATION_MESSAGES.undescribedImages(['the image "hall.jpg"']))
    expect([await status('Draft 02'), await status('Draft 03')]).toEqual(['draft', 'draft'])
  })

  test('bulk Delete refuses what the single delete refuses, changing nothing; a parent goes with all its child pages selected', async () => {
    const count = async () => (await db.selectFrom('pages').select('id').execute()).length
    const before = await count()
    const menuEntry = newId()
    await db.insertInto('menu_items').values({ id: menuEntry, menu: 'header', label: 'Soon', link_kind: 'page', page_id: id('Soon 1'), sort_order: 99 }).execute()

    for (const [form, error, code] of [
      [bulkForm('delete-selected', [id('Draft 04'), id('Top 01')]), PAGE_MESSAGES.deleteWithChildren('Top 01', 10), 409],
      [bulkForm('delete-selected', [id('Top 03'), id('Three A'), id('Three B')]), PAGE_MESSAGES.deleteWithChildren('Top 03', 3), 409],
      [bulkForm('delete-selected', [id('Draft 04'), newId()]), BULK_MESSAGES.gone, 404],
      [bulkForm('delete-selected', rows.slice(0, 26).map((row) => row.id)), BULK_MESSAGES.tooMany, 400],
      [bulkForm('delete-selected', []), BULK_MESSAGES.noneSelected, 400],
      [bulkForm('archive-selected', [id('Draft 04')]), 'Unknown action', 400],
    ] as const) {
      const refused = (await post(form)) as Refused
      expect(refused.data.error).toBe(error)
      expect(refused.init?.status).toBe(code)
      expect(await count()).toBe(before)
    }
    expect(await adminScreen(action, '', '/admin/pages', bulkForm('delete-selected', [id('Draft 04')]))).toMatch(/^redirect /)
    expect(await count()).toBe(before)

    const branch = [id('Top 03'), ...['A', 'B', 'C', 'D', 'E'].map((letter) => id(`Three ${letter}`)), id('Soon 1')]
    const deleted = await changesDuring(['pages'], async () => {
      expect(await post(bulkForm('delete-selected', branch))).toEqual({ ok: true, message: '7 pages deleted' })
    })
    expect(deleted.filter((change) => change.type === 'delete').map((change) => change.id).toSorted()).toEqual(branch.toSorted())
    expect(await db.selectFrom('pages').select('id').where('id', 'in', branch).execute()).toEqual([])
    expect(await db.selectFrom('menu_items').select('id').where('id', '=', menuEntry).execute()).toEqual([])
    expect(await count()).toBe(before - 7)
  })

  test('Move up and down still move a page among its siblings, and the first and last of them say so', async () => {
    // Top 03 is gone: Top 04 comes after Top 02.
    expect(await post([['intent', 'move'], ['id', id('Top 04')], ['direction', 'up']])).toEqual({ ok: true, message: PAGE_MESSAGES.moved })
    const moved = await list()
    expect(moved.branches.slice(0, 3).map((branch) => branch.page.title)).toEqual(['Top 01', 'Top 04', 'Top 02'])
    expect(moved.branches[1]!.page).toMatchObject({ first: false, last: false })
    expect(await post([['intent', 'move'], ['id', id('Alpha 10')], ['direction', 'down']])).toEqual({ ok: true, message: PAGE_MESSAGES.moved })
    expect((await list()).branches[0]!.children.at(-1)).toMatchObject({ title: 'Alpha 10', last: true })
  })
})
