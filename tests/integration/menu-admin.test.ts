import { beforeEach, describe, expect, test } from 'vitest'
import { addPageToMenu, createMenuItem, deleteMenuItem, deleteMenuItemsLinkingTo, listMenuItems, loadMenuEditor, menusOfPages, moveMenuItem, updateMenuItem } from '#app/domain/menu/menu-admin.server.ts'
import { MENU_CHILDREN_MAX, MENU_MESSAGES, MENU_TOP_LEVEL_MAX, menuItemSchema, type MenuItemInput } from '#app/domain/menu/menu.schema.ts'
import { getPublicMenus } from '#app/domain/menu/menu.server.ts'
import { getSiteShell } from '#app/domain/section/site-shell.server.ts'
import { STAFF_DIRECTORY_SETTING } from '#app/domain/staff/staff-directory-setting.server.ts'
import { validated } from '#app/lib/action.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { INVALID_URL } from '#app/lib/url-rules.ts'
import type { MenuName } from '#db/tables/navigation.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

const DEFAULT_LABELS = ['Home', 'Gallery', 'Blogs', 'Calendar', 'Policies', 'Contact']
const DEFAULT_HREFS = ['/', '/gallery', '/blogs', '/calendar', '/policies', '/contact']

/** A form's values through the shared schema, as the action parses them. */
const entry = (values: Record<string, string>): MenuItemInput => validated(menuItemSchema, { menu: 'header', ...values })

const labelsOf = (menu: MenuName) =>
  listMenuItems().then((items) => items.filter((item) => item.menu === menu).map((item) => (item.parentId ? `  ${item.label}` : item.label)))

async function insertPage(page: { id: string; title: string; slug: string; parentId?: string; status?: 'draft' | 'published'; publishedAt?: Date }) {
  const at = (page.publishedAt ?? new Date(Date.now() - 60_000)).toISOString()
  await db
    .insertInto('pages')
    .values({ id: page.id, title: page.title, slug: page.slug, parent_id: page.parentId ?? null, status: page.status ?? 'published', published_at: at, created_at: at, updated_at: at, cover_decorative: false })
    .execute()
}

async function setStaffDirectory(on: boolean) {
  await db.deleteFrom('site_settings').where('key', '=', STAFF_DIRECTORY_SETTING).execute()
  if (on) await db.insertInto('site_settings').values({ key: STAFF_DIRECTORY_SETTING, value: 'true' }).execute()
}

describe(`menus on ${database.engine}`, () => {
  // Each test starts from a fresh site's menus, no pages, the staff directory off.
  let freshMenus: Awaited<ReturnType<typeof storedMenus>> | undefined
  const storedMenus = () => db.selectFrom('menu_items').selectAll().execute()
  beforeEach(async () => {
    freshMenus ??= await storedMenus()
    await db.deleteFrom('menu_items').execute()
    await db.insertInto('menu_items').values(freshMenus).execute()
    await db.deleteFrom('pages').execute()
    await setStaffDirectory(false)
  })

  test('a fresh site has Home, Gallery, Blogs, Calendar, Policies and Contact in both menus, in that order, all shown', async () => {
    expect(await labelsOf('header')).toEqual(DEFAULT_LABELS)
    expect(await labelsOf('footer')).toEqual(DEFAULT_LABELS)
    const menus = await getPublicMenus()
    for (const menu of [menus.header, menus.footer]) {
      expect(menu.map((item) => [item.label, item.href, item.external, item.children])).toEqual(DEFAULT_LABELS.map((label, index) => [label, DEFAULT_HREFS[index], false, []]))
    }
    const shell = await getSiteShell()
    expect(shell.headerMenu).toEqual(menus.header)
    expect(shell.footerMenu).toEqual(menus.footer)
  })

  test('entries of each kind are created last in their menu, stored with only their kind\'s field, announced, and resolved for visitors', async () => {
    await insertPage({ id: 'admissions', title: 'Admissions', slug: 'admissions' })
    await insertPage({ id: 'open-days', title: 'Open Days', slug: 'open-days', parentId: 'admissions' })
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['menu_items'], (change) => changes.push(change))
    const page = await createMenuItem(entry({ label: ' Admissions ', linkKind: 'page', pageId: 'admissions', screen: 'gallery', url: 'https://example.org' }))
    const child = await createMenuItem(entry({ label: 'Open Days', linkKind: 'page', pageId: 'open-days', parentId: page.id }))
    const screen = await createMenuItem(entry({ menu: 'footer', label: 'Staff', linkKind: 'screen', screen: 'staff' }))
    const url = await createMenuItem(entry({ label: 'PTA', linkKind: 'url', url: 'https://pta.example.org/join?x=1', pageId: 'admissions' }))
    unsubscribe()
    expect(page).toMatchObject({ menu: 'header', parentId: null, label: 'Admissions', linkKind: 'page', pageId: 'admissions', screen: null, url: null, sortOrder: 6 })
    expect(child).toMatchObject({ parentId: page.id, sortOrder: 0 })
    expect(screen).toMatchObject({ menu: 'footer', linkKind: 'screen', screen: 'staff', pageId: null, url: null, sortOrder: 6 })
    expect(url).toMatchObject({ linkKind: 'url', url: 'https://pta.example.org/join?x=1', pageId: null, sortOrder: 7 })
    expect(changes).toEqual([page, child, screen, url].map(({ id }) => ({ table: 'menu_items', type: 'insert', id })))
    expect(await labelsOf('header')).toEqual([...DEFAULT_LABELS, 'Admissions', '  Open Days', 'PTA'])

    const menus = await getPublicMenus()
    expect(menus.header.slice(6)).toEqual([
      { id: page.id, label: 'Admissions', href: '/admissions', external: false, children: [{ id: child.id, label: 'Open Days', href: '/admissions/open-days', external: false, children: [] }] },
      { id: url.id, label: 'PTA', href: 'https://pta.example.org/join?x=1', external: true, children: [] },
    ])
    // The staff directory is off: its entry waits until it is turned on.
    expect(menus.footer.map((item) => item.label)).toEqual(DEFAULT_LABELS)
    await setStaffDirectory(true)
    expect((await getPublicMenus()).footer.at(-1)).toEqual({ id: screen.id, label: 'Staff', href: '/staff', external: false, children: [] })

    const editor = await loadMenuEditor()
    expect(editor.pages).toEqual([
      { id: 'admissions', label: 'Admissions', title: 'Admissions' },
      { id: 'open-days', label: 'Admissions › Open Days', title: 'Open Days' },
    ])
    expect(editor.header.find((item) => item.id === page.id)).toMatchObject({ target: 'Page: Admissions (/admissions)', hiddenBecause: null, children: [{ target: 'Page: Admissions › Open Days (/admissions/open-days)' }] })
  })

  test('visitors do not see entries whose page is a draft, scheduled, deleted or under a hidden parent page; the back office says why', async () => {
    await insertPage({ id: 'draft', title: 'Draft', slug: 'draft', status: 'draft' })
    await insertPage({ id: 'later', title: 'Later', slug: 'later', publishedAt: new Date(Date.now() + 3_600_000) })
    await insertPage({ id: 'gone', title: 'Gone', slug: 'gone' })
    await insertPage({ id: 'orphan', title: 'Orphan', slug: 'orphan', parentId: 'draft' })
    await insertPage({ id: 'shown', title: 'Shown', slug: 'shown' })
    const draft = await createMenuItem(entry({ label: 'Draft page', linkKind: 'page', pageId: 'draft' }))
    await createMenuItem(entry({ label: 'Under a draft', linkKind: 'screen', screen: 'home', parentId: draft.id }))
    await createMenuItem(entry({ menu: 'footer', label: 'Later page', linkKind: 'page', pageId: 'later' }))
    const gone = await createMenuItem(entry({ label: 'Gone page', linkKind: 'page', pageId: 'gone' }))
    await createMenuItem(entry({ label: 'Orphan page', linkKind: 'page', pageId: 'orphan' }))
    const shown = await createMenuItem(entry({ label: 'Shown page', linkKind: 'page', pageId: 'shown' }))
    await createMenuItem(entry({ label: 'Hidden child', linkKind: 'page', pageId: 'later', parentId: shown.id }))
    await db.deleteFrom('pages').where('id', '=', 'gone').execute()

    const menus = await getPublicMenus()
    expect(menus.header.map((item) => item.label)).toEqual([...DEFAULT_LABELS, 'Shown page'])
    expect(menus.header.at(-1)!.children).toEqual([])
    expect(menus.footer.map((item) => item.label)).toEqual(DEFAULT_LABELS)

    const editor = await loadMenuEditor()
    const why = Object.fromEntries([...editor.header, ...editor.footer].flatMap((item) => [item, ...item.children]).map((item) => [item.label, item.hiddenBecause]))
    expect(why).toMatchObject({
      'Draft page': 'Hidden: the page is a draft',
      'Later page': 'Hidden: the page is scheduled',
      'Gone page': 'Hidden: its page no longer exists',
      'Orphan page': 'Hidden: its parent page is not published',
      'Shown page': null,
      'Hidden child': 'Hidden: the page is scheduled',
    })
    expect(editor.pages.map((page) => page.label)).toEqual(['Draft (draft)', 'Draft › Orphan (parent not published)', 'Later (scheduled)', 'Shown'])
    expect(editor.header.find((item) => item.id === gone.id)!.target).toBe('Page: missing')
  })

  test('refusals name the field and say why; nothing is stored or announced', async () => {
    const before = await db.selectFrom('menu_items').selectAll().orderBy('id').execute()
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['menu_items'], (change) => changes.push(change))
    const invalid = (fields: Record<string, string>) => ({ code: 'invalid', fields })
    const top = await listMenuItems().then((items) => items.filter((item) => item.menu === 'header'))
    const footerTop = await listMenuItems().then((items) => items.find((item) => item.menu === 'footer')!)

    expect(() => entry({ label: '', linkKind: 'page' })).toThrow(expect.objectContaining(invalid({ pageId: MENU_MESSAGES.pageRequired })))
    expect(() => entry({ label: ' ', linkKind: 'screen', screen: 'home' })).toThrow(expect.objectContaining(invalid({ label: 'Label is required' })))
    expect(() => entry({ label: 'x'.repeat(61), linkKind: 'screen', screen: 'nowhere' })).toThrow(
      expect.objectContaining(invalid({ label: 'Label must be less than 60 characters', screen: MENU_MESSAGES.screenRequired })),
    )
    expect(() => entry({ label: 'x'.repeat(60), linkKind: 'screen', screen: 'home' })).not.toThrow()
    for (const url of ['javascript:alert(1)', 'ftp://example.org', 'https://user:pw@example.org', '//example.org', 'https://exa mple.org']) {
      expect(() => entry({ label: 'Bad', linkKind: 'url', url })).toThrow(expect.objectContaining(invalid({ url: INVALID_URL })))
    }
    expect(() => entry({ label: 'No address', linkKind: 'url' })).toThrow(expect.objectContaining(invalid({ url: MENU_MESSAGES.urlRequired })))
    expect(() => entry({ label: 'Nested', menu: 'footer', linkKind: 'screen', screen: 'home', parentId: footerTop.id })).toThrow(
      expect.objectContaining(invalid({ parentId: MENU_MESSAGES.footerFlat })),
    )

    const screen = { label: 'X', linkKind: 'screen', screen: 'home' } as const
    await expect(createMenuItem(entry({ label: 'Missing', linkKind: 'page', pageId: 'no-such-page' }))).rejects.toMatchObject(invalid({ pageId: MENU_MESSAGES.pageMissing }))
    // The domain holds the rules whatever the caller sent.
    await expect(createMenuItem({ ...entry(screen), menu: 'footer', parentId: footerTop.id })).rejects.toMatchObject(invalid({ parentId: MENU_MESSAGES.footerFlat }))
    await expect(createMenuItem(entry({ ...screen, parentId: footerTop.id }))).rejects.toMatchObject(invalid({ parentId: MENU_MESSAGES.parentMissing }))
    await expect(createMenuItem(entry({ ...screen, parentId: 'no-such-entry' }))).rejects.toMatchObject(invalid({ parentId: MENU_MESSAGES.parentMissing }))
    await expect(updateMenuItem(top[0]!.id, entry({ ...screen, parentId: top[0]!.id }))).rejects.toMatchObject(invalid({ parentId: MENU_MESSAGES.underItself }))
    await expect(updateMenuItem('no-such-entry', entry(screen))).rejects.toMatchObject({ code: 'not_found', message: MENU_MESSAGES.notFound })
    await expect(deleteMenuItem('no-such-entry')).rejects.toMatchObject({ code: 'not_found', message: MENU_MESSAGES.notFound })
    await expect(moveMenuItem('no-such-entry', 'up')).rejects.toMatchObject({ code: 'not_found' })
    await expect(moveMenuItem(top[0]!.id, 'up')).rejects.toMatchObject({ code: 'invalid', message: MENU_MESSAGES.alreadyFirst })
    await expect(moveMenuItem(top.at(-1)!.id, 'down')).rejects.toMatchObject({ code: 'invalid', message: MENU_MESSAGES.alreadyLast })
    unsubscribe()
    expect(changes).toEqual([])
    expect(await db.selectFrom('menu_items').selectAll().orderBy('id').execute()).toEqual(before)
  })

  test('a page\'s entry saved without a label takes the page\'s title, cut to fit; one typed stays', async () => {
    const long = `Admissions for the school year ${'and beyond '.repeat(5)}`.trim()
    await insertPage({ id: 'admissions', title: 'Admissions', slug: 'admissions' })
    await insertPage({ id: 'long', title: long, slug: 'long' })
    const created = await createMenuItem(entry({ label: '', linkKind: 'page', pageId: 'admissions' }))
    expect(created.label).toBe('Admissions')
    expect(await updateMenuItem(created.id, entry({ label: '  ', linkKind: 'page', pageId: 'long' }))).toMatchObject({ label: `${long.slice(0, 59).trimEnd()}…` })
    expect((await updateMenuItem(created.id, entry({ label: 'Join us', linkKind: 'page', pageId: 'long' }))).label).toBe('Join us')
    expect((await loadMenuEditor()).pages.map((page) => page.title)).toEqual(['Admissions', `${long.slice(0, 59).trimEnd()}…`])
  })

  test('a page is added to a menu at its top level with its title as the label, once per menu', async () => {
    await insertPage({ id: 'uniform', title: 'Uniform', slug: 'uniform' })
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['menu_items'], (change) => changes.push(change))
    expect(await addPageToMenu('uniform', 'footer')).toBe('"Uniform" added to the Footer Quick Links')
    unsubscribe()
    expect(await labelsOf('footer')).toEqual([...DEFAULT_LABELS, 'Uniform'])
    const added = (await listMenuItems()).find((item) => item.pageId === 'uniform')!
    expect(added).toMatchObject({ menu: 'footer', parentId: null, linkKind: 'page', sortOrder: 6 })
    expect(changes).toEqual([{ table: 'menu_items', type: 'insert', id: added.id }])

    await expect(addPageToMenu('uniform', 'footer')).rejects.toMatchObject({ code: 'conflict', message: '"Uniform" is already in the Footer Quick Links' })
    // Under another entry counts as in the menu too.
    const home = (await listMenuItems()).find((item) => item.menu === 'header')!
    await createMenuItem(entry({ label: 'Kit', linkKind: 'page', pageId: 'uniform', parentId: home.id }))
    await expect(addPageToMenu('uniform', 'header')).rejects.toMatchObject({ code: 'conflict', message: '"Uniform" is already in the Header menu' })
    await expect(addPageToMenu('no-such-page', 'header')).rejects.toMatchObject({ code: 'not_found', message: MENU_MESSAGES.pageMissing })
    expect(await menusOfPages(['uniform', 'no-such-page'])).toEqual({ uniform: ['footer', 'header'] })
    expect(await labelsOf('footer')).toEqual([...DEFAULT_LABELS, 'Uniform'])
  })

  test('one level deep: nothing goes under an entry that is itself under one, and an entry with entries under it stays at the top', async () => {
    const [home, gallery] = (await listMenuItems()).filter((item) => item.menu === 'header')
    const child = await createMenuItem(entry({ label: 'Child', linkKind: 'screen', screen: 'blogs', parentId: home!.id }))
    await expect(createMenuItem(entry({ label: 'Grandchild', linkKind: 'screen', screen: 'home', parentId: child.id }))).rejects.toMatchObject({
      code: 'invalid',
      fields: { parentId: MENU_MESSAGES.tooDeep },
    })
    await expect(updateMenuItem(home!.id, entry({ label: 'Home', linkKind: 'screen', screen: 'home', parentId: gallery!.id }))).rejects.toMatchObject({
      fields: { parentId: MENU_MESSAGES.hasChildren },
    })
    await expect(updateMenuItem(home!.id, entry({ menu: 'footer', label: 'Home', linkKind: 'screen', screen: 'home' }))).rejects.toMatchObject({
      fields: { menu: MENU_MESSAGES.footerFlat },
    })

    // Moved under another entry it goes last there; back at the top level, last again; the places left behind close up.
    const second = await createMenuItem(entry({ label: 'Second', linkKind: 'screen', screen: 'calendar', parentId: home!.id }))
    await updateMenuItem(child.id, entry({ label: 'Child', linkKind: 'screen', screen: 'blogs', parentId: gallery!.id }))
    expect(await labelsOf('header')).toEqual(['Home', '  Second', 'Gallery', '  Child', 'Blogs', 'Calendar', 'Policies', 'Contact'])
    expect((await listMenuItems()).find((item) => item.id === second.id)!.sortOrder).toBe(0)
    await updateMenuItem(child.id, entry({ label: 'Child again', linkKind: 'screen', screen: 'blogs' }))
    expect(await labelsOf('header')).toEqual(['Home', '  Second', 'Gallery', 'Blogs', 'Calendar', 'Policies', 'Contact', 'Child again'])
  })

  test(`limits: ${MENU_TOP_LEVEL_MAX} top-level entries per menu, ${MENU_CHILDREN_MAX} under one entry`, async () => {
    const screen = { linkKind: 'screen', screen: 'home' } as const
    for (let index = DEFAULT_LABELS.length; index < MENU_TOP_LEVEL_MAX; index++) await createMenuItem(entry({ ...screen, menu: 'footer', label: `Top ${index}` }))
    await expect(createMenuItem(entry({ ...screen, menu: 'footer', label: 'One too many' }))).rejects.toMatchObject({ code: 'invalid', message: MENU_MESSAGES.tooManyTopLevel })
    const home = (await listMenuItems()).find((item) => item.menu === 'header')!
    for (let index = 0; index < MENU_CHILDREN_MAX; index++) await createMenuItem(entry({ ...screen, label: `Child ${index}`, parentId: home.id }))
    await expect(createMenuItem(entry({ ...screen, label: 'One too many', parentId: home.id }))).rejects.toMatchObject({
      code: 'invalid',
      fields: { parentId: MENU_MESSAGES.tooManyChildren },
    })
    // Editing an entry in place is not adding one.
    const last = (await listMenuItems()).filter((item) => item.parentId === home.id).at(-1)!
    await expect(updateMenuItem(last.id, entry({ ...screen, label: 'Renamed', parentId: home.id }))).resolves.toMatchObject({ label: 'Renamed', sortOrder: MENU_CHILDREN_MAX - 1 })
  })

  test('move up and down among siblings, each place change announced', async () => {
    const header = (await listMenuItems()).filter((item) => item.menu === 'header')
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['menu_items'], (change) => changes.push(change))
    await moveMenuItem(header[2]!.id, 'up')
    unsubscribe()
    expect(await labelsOf('header')).toEqual(['Home', 'Blogs', 'Gallery', 'Calendar', 'Policies', 'Contact'])
    expect(changes).toEqual([
      { table: 'menu_items', type: 'update', id: header[2]!.id },
      { table: 'menu_items', type: 'update', id: header[1]!.id },
    ])
    await moveMenuItem(header[0]!.id, 'down')
    await moveMenuItem(header[5]!.id, 'up')
    expect(await labelsOf('header')).toEqual(['Blogs', 'Home', 'Gallery', 'Calendar', 'Contact', 'Policies'])
    expect(await labelsOf('footer')).toEqual(DEFAULT_LABELS)
    const orders = (await listMenuItems()).filter((item) => item.menu === 'header').map((item) => item.sortOrder)
    expect(orders).toEqual([0, 1, 2, 3, 4, 5])

    const parent = header[0]!
    const first = await createMenuItem(entry({ label: 'First', linkKind: 'screen', screen: 'home', parentId: parent.id }))
    await createMenuItem(entry({ label: 'Second', linkKind: 'screen', screen: 'home', parentId: parent.id }))
    await moveMenuItem(first.id, 'down')
    expect((await labelsOf('header')).slice(0, 4)).toEqual(['Blogs', 'Home', '  Second', '  First'])
    // A position puts an entry where it is asked, as the API does with sort_order.
    await updateMenuItem(first.id, entry({ label: 'First', linkKind: 'screen', screen: 'home', parentId: parent.id }), 0)
    expect((await labelsOf('header')).slice(0, 4)).toEqual(['Blogs', 'Home', '  First', '  Second'])
  })

  test('deleting an entry deletes the entries under it, each announced; its siblings close up', async () => {
    const [home, gallery] = (await listMenuItems()).filter((item) => item.menu === 'header')
    const children = [
      await createMenuItem(entry({ label: 'A', linkKind: 'screen', screen: 'home', parentId: home!.id })),
      await createMenuItem(entry({ label: 'B', linkKind: 'url', url: 'https://example.org', parentId: home!.id })),
    ]
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['menu_items'], (change) => changes.push(change))
    await deleteMenuItem(home!.id)
    unsubscribe()
    expect(await labelsOf('header')).toEqual(DEFAULT_LABELS.slice(1))
    expect(await db.selectFrom('menu_items').select('id').where('id', 'in', children.map((child) => child.id)).execute()).toEqual([])
    expect(changes).toEqual(expect.arrayContaining([...children, home!].map(({ id }) => ({ table: 'menu_items', type: 'delete', id }))))
    expect(changes).toContainEqual({ table: 'menu_items', type: 'update', id: gallery!.id })
    expect((await listMenuItems()).find((item) => item.id === gallery!.id)!.sortOrder).toBe(0)
  })

  test('deleting a page takes the entries linking to it along, with the entries under them, in the same write', async () => {
    await insertPage({ id: 'admissions', title: 'Admissions', slug: 'admissions' })
    await insertPage({ id: 'open-days', title: 'Open Days', slug: 'open-days', parentId: 'admissions' })
    const parent = await createMenuItem(entry({ label: 'Admissions', linkKind: 'page', pageId: 'admissions' }))
    const under = await createMenuItem(entry({ label: 'Visit us', linkKind: 'screen', screen: 'contact', parentId: parent.id }))
    const child = await createMenuItem(entry({ label: 'Open Days', linkKind: 'page', pageId: 'open-days', parentId: parent.id }))
    const footer = await createMenuItem(entry({ menu: 'footer', label: 'Open Days', linkKind: 'page', pageId: 'open-days' }))
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['menu_items'], (change) => changes.push(change))
    await expect(
      writeTransaction(async () => {
        await deleteMenuItemsLinkingTo(['admissions', 'open-days'])
        throw new Error('the page delete failed')
      }),
    ).rejects.toThrow('the page delete failed')
    expect(changes).toEqual([])
    expect(await labelsOf('header')).toEqual([...DEFAULT_LABELS, 'Admissions', '  Visit us', '  Open Days'])
    await deleteMenuItemsLinkingTo(['admissions', 'open-days'])
    unsubscribe()
    expect(await labelsOf('header')).toEqual(DEFAULT_LABELS)
    expect(await labelsOf('footer')).toEqual(DEFAULT_LABELS)
    expect(changes).toEqual(expect.arrayContaining([parent, under, child, footer].map(({ id }) => ({ table: 'menu_items', type: 'delete', id }))))
  })
})
