import { db } from '#app/lib/db.server.ts'
import type { MenuName } from '#db/tables/navigation.ts'
import { isStaffDirectoryEnabled } from '../staff/staff-directory-setting.server.ts'
import { isMenuScreen, SCREEN_ADDRESSES, type MenuItem, type PublicMenuEntry } from './menu.ts'
import { listMenuItems } from './menu-admin.server.ts'
import { readLinkedPages } from './menu-pages.server.ts'

export type PublicMenus = Record<MenuName, PublicMenuEntry[]>

/**
 * Both menus as visitors see them, each entry's address resolved. Left out:
 * an entry whose page is not published (a draft, scheduled, deleted, or under
 * a parent page that is not), the staff directory while it is off, and the
 * entries under a left-out entry (docs/product-rules.md#menus).
 */
export async function getPublicMenus(now: Date = new Date()): Promise<PublicMenus> {
  const [items, staffDirectory] = await Promise.all([listMenuItems(), isStaffDirectoryEnabled()])
  const pageIds = [...new Set(items.flatMap((item) => (item.linkKind === 'page' && item.pageId ? [item.pageId] : [])))]
  const pages = await readLinkedPages(db, pageIds, now)

  function hrefOf(item: MenuItem): string | null {
    switch (item.linkKind) {
      case 'page': {
        const page = item.pageId ? pages.get(item.pageId) : undefined
        return page?.state === 'published' ? page.address : null
      }
      case 'screen':
        if (!isMenuScreen(item.screen) || (item.screen === 'staff' && !staffDirectory)) return null
        return SCREEN_ADDRESSES[item.screen]
      case 'url':
        return item.url
    }
  }

  function entriesUnder(menu: MenuName, parentId: string | null): PublicMenuEntry[] {
    return items
      .filter((item) => item.menu === menu && item.parentId === parentId)
      .flatMap((item) => {
        const href = hrefOf(item)
        if (href === null) return []
        return [{ id: item.id, label: item.label, href, external: item.linkKind === 'url', children: parentId === null ? entriesUnder(menu, item.id) : [] }]
      })
  }

  return { header: entriesUnder('header', null), footer: entriesUnder('footer', null) }
}
