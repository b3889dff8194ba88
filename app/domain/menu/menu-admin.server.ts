import type { Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { newId } from '#db/portable.ts'
import { MENUS, type MenuItemTable, type MenuName } from '#db/tables/navigation.ts'
import { isStaffDirectoryEnabled } from '../staff/staff-directory-setting.server.ts'
import { isMenuScreen, SCREEN_NAMES, type AdminMenuEntry, type MenuItem, type MenuPageOption } from './menu.ts'
import { pageName, readLinkedPages, type LinkedPage } from './menu-pages.server.ts'
import { labelFromPageTitle, MENU_CHILDREN_MAX, MENU_MESSAGES, MENU_TOP_LEVEL_MAX, type MenuItemInput } from './menu.schema.ts'

const notFound = () => DomainError.notFound(MENU_MESSAGES.notFound)

export function toMenuItem(row: Selectable<MenuItemTable>): MenuItem {
  return {
    id: row.id,
    menu: row.menu,
    parentId: row.parent_id,
    label: row.label,
    linkKind: row.link_kind,
    pageId: row.page_id,
    screen: row.screen,
    url: row.url,
    sortOrder: row.sort_order,
  }
}

/** Every entry of both menus in the order visitors see them: header first, each entry followed by those under it. */
export async function listMenuItems(): Promise<MenuItem[]> {
  const rows = await db.selectFrom('menu_items').selectAll().orderBy('sort_order').orderBy('id').execute()
  const items = rows.map(toMenuItem)
  return MENUS.flatMap((menu) =>
    items.filter((item) => item.menu === menu && item.parentId === null).flatMap((top) => [top, ...items.filter((item) => item.parentId === top.id)]),
  )
}

export async function getMenuItem(id: string): Promise<MenuItem | null> {
  const row = await db.selectFrom('menu_items').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toMenuItem(row) : null
}

/** Why visitors do not see a page, as the entry list and the page choice say it. */
const PAGE_HIDDEN: Record<Exclude<LinkedPage['state'], 'published'>, { entry: string; option: string }> = {
  draft: { entry: 'Hidden: the page is a draft', option: 'draft' },
  scheduled: { entry: 'Hidden: the page is scheduled', option: 'scheduled' },
  'parent hidden': { entry: 'Hidden: its parent page is not published', option: 'parent not published' },
  'parent missing': { entry: 'Hidden: its parent page is missing', option: 'parent missing' },
}

/** Both menus as trees for the back office, each entry's link in words, and the pages an entry may link to. */
export async function loadMenuEditor(): Promise<{ header: AdminMenuEntry[]; footer: AdminMenuEntry[]; pages: MenuPageOption[] }> {
  const [items, pages, staffDirectory] = await Promise.all([listMenuItems(), readLinkedPages(db, 'all'), isStaffDirectoryEnabled()])
  const describe = (item: MenuItem): AdminMenuEntry => {
    let target: string
    let hiddenBecause: string | null = null
    if (item.linkKind === 'page') {
      const page = item.pageId ? pages.get(item.pageId) : undefined
      target = page ? `Page: ${pageName(page)} (${page.address})` : 'Page: missing'
      if (!page) hiddenBecause = 'Hidden: its page no longer exists'
      else if (page.state !== 'published') hiddenBecause = PAGE_HIDDEN[page.state].entry
    } else if (item.linkKind === 'screen') {
      target = `Screen: ${isMenuScreen(item.screen) ? SCREEN_NAMES[item.screen] : item.screen}`
      if (item.screen === 'staff' && !staffDirectory) hiddenBecause = 'Hidden while the staff directory is off'
    } else target = item.url ?? ''
    const children = items.filter((child) => child.parentId === item.id).map(describe)
    return { ...item, target, hiddenBecause, children }
  }
  const tree = (menu: MenuName) => items.filter((item) => item.menu === menu && item.parentId === null).map(describe)
  const options = [...pages.values()]
    .sort((a, b) => a.sortKey.localeCompare(b.sortKey))
    .map((page) => ({
      id: page.id,
      label: page.state === 'published' ? pageName(page) : `${pageName(page)} (${PAGE_HIDDEN[page.state].option})`,
      title: labelFromPageTitle(page.title),
    }))
  return { header: tree('header'), footer: tree('footer'), pages: options }
}

/** Only the field of the entry's kind is kept. */
function linkColumns(input: MenuItemInput) {
  return {
    link_kind: input.linkKind,
    page_id: input.linkKind === 'page' ? input.pageId : null,
    screen: input.linkKind === 'screen' ? input.screen : null,
    url: input.linkKind === 'url' ? input.url : null,
  }
}

/** The label to store: as typed, or for a page's entry left without one, the page's title (which must exist). */
async function checkedLabel(tx: WriteTransaction, input: MenuItemInput): Promise<string> {
  if (input.linkKind !== 'page' || !input.pageId) return input.label
  const page = await tx.db.selectFrom('pages').select('title').where('id', '=', input.pageId).executeTakeFirst()
  if (!page) throw DomainError.invalidField('pageId', MENU_MESSAGES.pageMissing)
  return input.label || labelFromPageTitle(page.title)
}

/** The rules of where an entry may go: one level deep, only in the header, within the limits (docs/product-rules.md#menus). */
async function checkPlace(tx: WriteTransaction, id: string | null, input: MenuItemInput) {
  const hasChildren = id !== null && (await tx.db.selectFrom('menu_items').select('id').where('parent_id', '=', id).executeTakeFirst()) !== undefined
  if (input.parentId !== null) {
    if (input.menu === 'footer') throw DomainError.invalidField('parentId', MENU_MESSAGES.footerFlat)
    if (input.parentId === id) throw DomainError.invalidField('parentId', MENU_MESSAGES.underItself)
    const parent = await tx.db.selectFrom('menu_items').select(['menu', 'parent_id']).where('id', '=', input.parentId).executeTakeFirst()
    if (!parent || parent.menu !== input.menu) throw DomainError.invalidField('parentId', MENU_MESSAGES.parentMissing)
    if (parent.parent_id !== null) throw DomainError.invalidField('parentId', MENU_MESSAGES.tooDeep)
    if (hasChildren) throw DomainError.invalidField('parentId', MENU_MESSAGES.hasChildren)
  } else if (input.menu === 'footer' && hasChildren) throw DomainError.invalidField('menu', MENU_MESSAGES.footerFlat)
  const siblings = await siblingIds(tx, input.menu, input.parentId)
  const others = siblings.filter((sibling) => sibling !== id)
  if (input.parentId === null && others.length >= MENU_TOP_LEVEL_MAX) throw DomainError.invalid(MENU_MESSAGES.tooManyTopLevel)
  if (input.parentId !== null && others.length >= MENU_CHILDREN_MAX) throw DomainError.invalidField('parentId', MENU_MESSAGES.tooManyChildren)
  return siblings
}

async function siblingIds(tx: WriteTransaction, menu: MenuName, parentId: string | null): Promise<string[]> {
  const rows = await tx.db
    .selectFrom('menu_items')
    .select('id')
    .where('menu', '=', menu)
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .orderBy('sort_order')
    .orderBy('id')
    .execute()
  return rows.map((row) => row.id)
}

/** Numbers the entries 0, 1, 2… in this order, announcing each one whose place changed. */
async function renumber(tx: WriteTransaction, ids: readonly string[]) {
  const rows = ids.length ? await tx.db.selectFrom('menu_items').select(['id', 'sort_order']).where('id', 'in', [...ids]).execute() : []
  const current = new Map(rows.map((row) => [row.id, row.sort_order]))
  for (const [index, id] of ids.entries()) {
    if (current.get(id) === index) continue
    await tx.db.updateTable('menu_items').set({ sort_order: index }).where('id', '=', id).execute()
    tx.publish({ table: 'menu_items', type: 'update', id })
  }
}

/** `id` among its siblings at `position` (counted from 0; past the end is last). */
function placed(siblings: readonly string[], id: string, position: number) {
  const others = siblings.filter((sibling) => sibling !== id)
  const at = Math.max(0, Math.min(Math.trunc(position), others.length))
  return [...others.slice(0, at), id, ...others.slice(at)]
}

async function readBack(tx: WriteTransaction, id: string): Promise<MenuItem> {
  return toMenuItem(await tx.db.selectFrom('menu_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

/** A new entry, last among its siblings unless a `position` (from 0) is given. */
export async function createMenuItem(input: MenuItemInput, position?: number): Promise<MenuItem> {
  const id = newId()
  return writeTransaction(async (tx) => {
    const label = await checkedLabel(tx, input)
    const siblings = await checkPlace(tx, null, input)
    await tx.db
      .insertInto('menu_items')
      .values({ id, menu: input.menu, parent_id: input.parentId, label, ...linkColumns(input), sort_order: siblings.length })
      .execute()
    tx.publish({ table: 'menu_items', type: 'insert', id })
    await renumber(tx, placed([...siblings, id], id, position ?? siblings.length))
    return readBack(tx, id)
  })
}

/**
 * The same fields on an existing entry. Moved to another menu or under
 * another entry, it goes last there unless a `position` is given; staying, it
 * keeps its place unless one is given.
 */
export async function updateMenuItem(id: string, input: MenuItemInput, position?: number): Promise<MenuItem> {
  return writeTransaction(async (tx) => {
    const before = await tx.db.selectFrom('menu_items').select(['menu', 'parent_id']).where('id', '=', id).executeTakeFirst()
    if (!before) throw notFound()
    const label = await checkedLabel(tx, input)
    const siblings = await checkPlace(tx, id, input)
    const stays = before.menu === input.menu && before.parent_id === input.parentId
    await tx.db
      .updateTable('menu_items')
      .set({ menu: input.menu, parent_id: input.parentId, label, ...linkColumns(input), ...(stays ? {} : { sort_order: siblings.length }) })
      .where('id', '=', id)
      .execute()
    tx.publish({ table: 'menu_items', type: 'update', id })
    const place = position ?? (stays ? siblings.indexOf(id) : siblings.length)
    await renumber(tx, placed(stays ? siblings : [...siblings, id], id, place))
    if (!stays) await renumber(tx, await siblingIds(tx, before.menu, before.parent_id))
    return readBack(tx, id)
  })
}

/** Deletes the entry and every entry under it. */
export async function deleteMenuItem(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const item = await tx.db.selectFrom('menu_items').select(['menu', 'parent_id']).where('id', '=', id).executeTakeFirst()
    if (!item) throw notFound()
    const children = await tx.db.selectFrom('menu_items').select('id').where('parent_id', '=', id).execute()
    await tx.db.deleteFrom('menu_items').where('parent_id', '=', id).execute()
    await tx.db.deleteFrom('menu_items').where('id', '=', id).execute()
    tx.publish(...children.map((child) => ({ table: 'menu_items' as const, type: 'delete' as const, id: child.id })), { table: 'menu_items', type: 'delete', id })
    await renumber(tx, await siblingIds(tx, item.menu, item.parent_id))
  })
}

/** One place up or down among its siblings. */
export async function moveMenuItem(id: string, direction: 'up' | 'down'): Promise<void> {
  await writeTransaction(async (tx) => {
    const item = await tx.db.selectFrom('menu_items').select(['menu', 'parent_id']).where('id', '=', id).executeTakeFirst()
    if (!item) throw notFound()
    const siblings = await siblingIds(tx, item.menu, item.parent_id)
    const index = siblings.indexOf(id)
    if (direction === 'up' && index === 0) throw DomainError.invalid(MENU_MESSAGES.alreadyFirst)
    if (direction === 'down' && index === siblings.length - 1) throw DomainError.invalid(MENU_MESSAGES.alreadyLast)
    await renumber(tx, placed(siblings, id, direction === 'up' ? index - 1 : index + 1))
  })
}

/**
 * The pages screen's 'Add to menu': the page as a new top-level entry of the
 * menu, labelled with its title. A page already in that menu (at any level)
 * is refused, with the message the screen shows. Returns the message of success.
 */
export async function addPageToMenu(pageId: string, menu: MenuName): Promise<string> {
  return writeTransaction(async (tx) => {
    const page = await tx.db.selectFrom('pages').select('title').where('id', '=', pageId).executeTakeFirst()
    if (!page) throw DomainError.notFound(MENU_MESSAGES.pageMissing)
    const present = await tx.db.selectFrom('menu_items').select('id').where('menu', '=', menu).where('link_kind', '=', 'page').where('page_id', '=', pageId).executeTakeFirst()
    if (present) throw DomainError.conflict(MENU_MESSAGES.alreadyInMenu(page.title, menu))
    await createMenuItem({ menu, parentId: null, label: '', linkKind: 'page', pageId, screen: null, url: null })
    return MENU_MESSAGES.addedToMenu(page.title, menu)
  })
}

/** The menus each of these pages is in (by an entry at any level), for the pages screen's 'Add to menu'. */
export async function menusOfPages(pageIds: readonly string[]): Promise<Record<string, MenuName[]>> {
  const menus: Record<string, MenuName[]> = {}
  if (pageIds.length === 0) return menus
  const rows = await db.selectFrom('menu_items').select(['page_id', 'menu']).distinct().where('link_kind', '=', 'page').where('page_id', 'in', [...pageIds]).orderBy('menu').execute()
  for (const row of rows) if (row.page_id) (menus[row.page_id] ??= []).push(row.menu)
  return menus
}

/**
 * Deletes the entries that link to these pages, with the entries under them,
 * as deleting a page must (docs/product-rules.md#menus). Called inside the
 * page delete's own write, it joins that transaction.
 */
export async function deleteMenuItemsLinkingTo(pageIds: readonly string[]): Promise<void> {
  if (pageIds.length === 0) return
  await writeTransaction(async (tx) => {
    const linking = await tx.db.selectFrom('menu_items').select('id').where('link_kind', '=', 'page').where('page_id', 'in', [...pageIds]).execute()
    for (const { id } of linking) {
      // An entry already gone with its parent earlier in this loop is skipped.
      const stillThere = await tx.db.selectFrom('menu_items').select('id').where('id', '=', id).executeTakeFirst()
      if (stillThere) await deleteMenuItem(id)
    }
  })
}
