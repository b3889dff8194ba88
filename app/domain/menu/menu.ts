import type { MenuLinkKind, MenuName } from '#db/tables/navigation.ts'

/** The fixed public screens a menu entry may link to, and where each is served. */
export const MENU_SCREENS = ['home', 'gallery', 'blogs', 'calendar', 'policies', 'contact', 'staff'] as const
export type MenuScreen = (typeof MENU_SCREENS)[number]

export const SCREEN_ADDRESSES: Record<MenuScreen, string> = {
  home: '/',
  gallery: '/gallery',
  blogs: '/blogs',
  calendar: '/calendar',
  policies: '/policies',
  contact: '/contact',
  staff: '/staff',
}

export const SCREEN_NAMES: Record<MenuScreen, string> = {
  home: 'Home',
  gallery: 'Gallery',
  blogs: 'Blogs',
  calendar: 'Calendar',
  policies: 'Policies',
  contact: 'Contact',
  staff: 'Staff Directory',
}

/** Each menu's name, as the back office says it. */
export const MENU_TITLES: Record<MenuName, string> = { header: 'Header menu', footer: 'Footer Quick Links' }

export function isMenuScreen(value: string | null): value is MenuScreen {
  return (MENU_SCREENS as readonly string[]).includes(value ?? '')
}

/** One entry as visitors see it: where it goes, and (header only) the entries under it. */
export interface PublicMenuEntry {
  id: string
  label: string
  href: string
  /** An address on another site: a plain link, never a client-side navigation. */
  external: boolean
  children: PublicMenuEntry[]
}

/** One stored entry, as the back office and the content API see it. */
export interface MenuItem {
  id: string
  menu: MenuName
  parentId: string | null
  label: string
  linkKind: MenuLinkKind
  pageId: string | null
  screen: string | null
  url: string | null
  sortOrder: number
}

/** An entry of the back office's list: where it links, in words, and why visitors do not see it, if they do not. */
export interface AdminMenuEntry extends MenuItem {
  target: string
  hiddenBecause: string | null
  children: AdminMenuEntry[]
}

/** A page the entry form offers: 'Admissions › Open Days', drafts marked, and its own title for the entry's label. */
export interface MenuPageOption {
  id: string
  label: string
  title: string
}
