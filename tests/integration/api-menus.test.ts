import { beforeEach, describe, expect, test } from 'vitest'
import { MENU_MESSAGES } from '#app/domain/menu/menu.schema.ts'
import { updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { INVALID_URL } from '#app/lib/url-rules.ts'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

const DEFAULT_LABELS = ['Home', 'Gallery', 'Blogs', 'Calendar', 'Policies', 'Contact']
const storedRow = (id: string) => db.selectFrom('menu_items').selectAll().where('id', '=', id).executeTakeFirst()
type Item = { id: string; label: string; menu: string; parent_id: string | null; sort_order: number }

describe(`content API: menus on ${database.engine}`, () => {
  let freshMenus: Awaited<ReturnType<typeof storedMenus>> | undefined
  const storedMenus = () => db.selectFrom('menu_items').selectAll().execute()
  beforeEach(async () => {
    freshMenus ??= await storedMenus()
    await db.deleteFrom('menu_items').execute()
    await db.insertInto('menu_items').values(freshMenus).execute()
  })

  test('the list gives both menus in order, header first; a filter keeps one menu; pages of it', async () => {
    const { key } = await apiKeyFor('editor')
    const all = await callApi('GET', '/menus?per_page=100', { key })
    expect(all.body).toMatchObject({ page: 1, total: 12 })
    const items = all.body!.data as Item[]
    expect(items.map((item) => `${item.menu} ${item.label} ${item.sort_order}`)).toEqual([
      ...DEFAULT_LABELS.map((label, index) => `header ${label} ${index}`),
      ...DEFAULT_LABELS.map((label, index) => `footer ${label} ${index}`),
    ])
    expect(items[1]).toEqual({ id: items[1]!.id, menu: 'header', parent_id: null, label: 'Gallery', link_kind: 'screen', page_id: null, screen: 'gallery', url: null, sort_order: 1 })
    const footer = await callApi('GET', '/menus?menu=footer&per_page=4&page=2', { key })
    expect(footer.body).toMatchObject({ total: 6 })
    expect((footer.body!.data as Item[]).map((item) => item.label)).toEqual(['Policies', 'Contact'])
  })

  test('create 201 under a header entry at a chosen place, tells the change feed; PATCH moves and relinks it; DELETE takes the entries under it along', async () => {
    const { key } = await apiKeyFor('editor')
    await db.insertInto('pages').values({ id: 'about', title: 'About', slug: 'about', status: 'published', cover_decorative: false, published_at: new Date().toISOString(), created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).execute()
    const home = ((await callApi('GET', '/menus', { key })).body!.data as Item[])[0]!
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['menu_items'], (change) => changes.push(change))
    const first = await callApi('POST', '/menus', { key, body: { menu: 'header', parent_id: home.id, label: 'About us', link_kind: 'page', page_id: 'about' } })
    expect(first.status).toBe(201)
    const second = await callApi('POST', '/menus', { key, body: { menu: 'header', parent_id: home.id, label: ' PTA ', link_kind: 'url', url: 'https://pta.example.org', sort_order: 0 } })
    unsubscribe()
    expect(second.status).toBe(201)
    const firstId = first.body!.id as string
    const secondId = second.body!.id as string
    expect(second.body).toEqual({ id: secondId, menu: 'header', parent_id: home.id, label: 'PTA', link_kind: 'url', page_id: null, screen: null, url: 'https://pta.example.org', sort_order: 0 })
    expect(await storedRow(firstId)).toMatchObject({ page_id: 'about', sort_order: 1 })
    expect(changes).toEqual(expect.arrayContaining([{ table: 'menu_items', type: 'insert', id: firstId }, { table: 'menu_items', type: 'insert', id: secondId }, { table: 'menu_items', type: 'update', id: firstId }]))

    expect(await callApi('GET', `/menus/${firstId}`, { key })).toMatchObject({ status: 200, body: { label: 'About us', sort_order: 1 } })
    const relinked = await callApi('PATCH', `/menus/${firstId}`, { key, body: { link_kind: 'screen', screen: 'contact', sort_order: 0 } })
    expect(relinked).toMatchObject({ status: 200, body: { id: firstId, link_kind: 'screen', screen: 'contact', page_id: null, sort_order: 0, parent_id: home.id } })
    expect(await storedRow(secondId)).toMatchObject({ sort_order: 1 })
    const toTop = await callApi('PATCH', `/menus/${secondId}`, { key, body: { parent_id: null } })
    expect(toTop).toMatchObject({ status: 200, body: { parent_id: null, sort_order: 6 } })

    expect((await callApi('DELETE', `/menus/${home.id}`, { key })).status).toBe(204)
    expect(await storedRow(home.id)).toBeUndefined()
    expect(await storedRow(firstId)).toBeUndefined()
    expect(await storedRow(secondId)).toMatchObject({ sort_order: 5 })
    expect(await callApi('DELETE', `/menus/${home.id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: MENU_MESSAGES.notFound } } })
  })

  test('the form\'s rules and messages, by the API\'s field names; nothing is stored', async () => {
    const { key } = await apiKeyFor('editor')
    const before = await storedMenus()
    const items = (await callApi('GET', '/menus?per_page=100', { key })).body!.data as Item[]
    const footerEntry = items.find((item) => item.menu === 'footer')!
    const refusal = (body: Record<string, unknown>) => callApi('POST', '/menus', { key, body: { menu: 'header', label: 'X', ...body } })
    expect(await refusal({ link_kind: 'url', url: 'javascript:alert(1)' })).toMatchObject({ status: 400, body: { error: { code: 'invalid', fields: { url: INVALID_URL } } } })
    expect(await refusal({ link_kind: 'page', page_id: 'no-such-page' })).toMatchObject({ status: 400, body: { error: { fields: { page_id: MENU_MESSAGES.pageMissing } } } })
    expect(await refusal({ link_kind: 'page' })).toMatchObject({ status: 400, body: { error: { fields: { page_id: MENU_MESSAGES.pageRequired } } } })
    expect(await refusal({ menu: 'footer', link_kind: 'screen', screen: 'home', parent_id: footerEntry.id })).toMatchObject({
      status: 400,
      body: { error: { fields: { parent_id: MENU_MESSAGES.footerFlat } } },
    })
    const child = await refusal({ link_kind: 'screen', screen: 'home', parent_id: items[0]!.id })
    expect(child.status).toBe(201)
    expect(await refusal({ link_kind: 'screen', screen: 'home', parent_id: child.body!.id })).toMatchObject({ status: 400, body: { error: { fields: { parent_id: MENU_MESSAGES.tooDeep } } } })
    await callApi('DELETE', `/menus/${child.body!.id as string}`, { key })
    expect(await refusal({ label: '', link_kind: 'link', screen: 'nowhere', sort_order: -1 })).toMatchObject({
      status: 400,
      body: { error: { fields: { link_kind: MENU_MESSAGES.linkKindRequired, screen: MENU_MESSAGES.screenRequired, sort_order: 'Must be a whole number from 0' } } },
    })
    // Only a page's entry may go without a label (it takes the page's title).
    expect(await refusal({ label: '', link_kind: 'screen', screen: 'home' })).toMatchObject({ status: 400, body: { error: { fields: { label: 'Label is required' } } } })
    expect((await storedMenus()).sort((a, b) => a.id.localeCompare(b.id))).toEqual(before.sort((a, b) => a.id.localeCompare(b.id)))
  })

  test('a key whose owner is below editor is refused', async () => {
    const { key, owner } = await apiKeyFor('editor', 'editor')
    expect((await callApi('GET', '/menus', { key })).status).toBe(200)
    await updateUserAccess(owner.userId, { role: 'user', status: 'approved' })
    expect(await callApi('POST', '/menus', { key, body: { menu: 'footer', label: 'A', link_kind: 'screen', screen: 'home' } })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
  })
})
