import { z } from 'zod'
import { rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { INVALID_URL, isExternalUrl, MAX_URL_LENGTH } from '#app/lib/url-rules.ts'
import { MENU_LINK_KINDS, MENUS, type MenuName } from '#db/tables/navigation.ts'
import { isMenuScreen, MENU_TITLES } from './menu.ts'

/** Longest label: a header entry must still fit on one line beside the others. */
export const MENU_LABEL_MAX = 60
/** Most top-level entries in one menu: beyond this the header no longer fits a wide screen. */
export const MENU_TOP_LEVEL_MAX = 12
/** Most entries under one header entry. */
export const MENU_CHILDREN_MAX = 12

/** The "Show under" choice of a top-level entry; Radix selects have no empty value. */
export const TOP_LEVEL = 'top'

export const MENU_MESSAGES = {
  created: 'Menu entry created successfully',
  updated: 'Menu entry updated successfully',
  deleted: 'Menu entry deleted successfully',
  moved: 'Menu entry moved',
  notFound: 'Menu entry not found',
  invalidMenu: 'Menu must be header or footer',
  linkKindRequired: 'Choose what the entry links to',
  pageRequired: 'Choose a page',
  pageMissing: 'The chosen page does not exist',
  screenRequired: 'Choose a screen',
  urlRequired: 'Web address is required',
  parentMissing: 'The entry to show it under does not exist in this menu',
  footerFlat: 'Footer links cannot have entries under them',
  tooDeep: 'Entries can only go under a top-level entry (one level deep)',
  underItself: 'An entry cannot go under itself',
  hasChildren: 'An entry with entries under it cannot go under another entry',
  tooManyTopLevel: `A menu can have at most ${MENU_TOP_LEVEL_MAX} top-level entries`,
  tooManyChildren: `At most ${MENU_CHILDREN_MAX} entries can go under one entry`,
  alreadyFirst: 'This entry is already the first',
  alreadyLast: 'This entry is already the last',
  labelRequired: 'Label is required',
  addedToMenu: (title: string, menu: MenuName) => `"${title}" added to the ${MENU_TITLES[menu]}`,
  alreadyInMenu: (title: string, menu: MenuName) => `"${title}" is already in the ${MENU_TITLES[menu]}`,
  confirmDelete: 'Are you sure you want to delete this menu entry?',
  confirmDeleteWithChildren: (count: number) =>
    `Are you sure you want to delete this menu entry? The ${count === 1 ? 'entry' : `${count} entries`} under it will be deleted too.`,
} as const

/**
 * The label a page's entry takes when none is typed: the page's title, cut
 * to fit a label.
 */
export function labelFromPageTitle(title: string): string {
  const trimmed = title.trim()
  return trimmed.length <= MENU_LABEL_MAX ? trimmed : `${trimmed.slice(0, MENU_LABEL_MAX - 1).trimEnd()}…`
}

const optionalId = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((value) => value || null)

/**
 * One entry: its menu, label (left empty for a page: the page's title),
 * what it links to (a page, a public screen or an http(s) address: only the
 * field of the chosen kind counts) and, in the
 * header, the top-level entry it goes under. The server adds the checks
 * that need the database: the page and the parent exist, one level deep, the
 * limits (docs/product-rules.md#menus).
 */
export const menuItemSchema = z
  .object({
    menu: z.enum(MENUS, { error: MENU_MESSAGES.invalidMenu }),
    parentId: z
      .string()
      .trim()
      .max(64)
      .optional()
      .transform((value) => (value && value !== TOP_LEVEL ? value : null)),
    // Empty for a page: the server gives it the page's title.
    label: z.string().trim().max(MENU_LABEL_MAX, `Label must be less than ${MENU_LABEL_MAX} characters`).default(''),
    linkKind: z.enum(MENU_LINK_KINDS, { error: MENU_MESSAGES.linkKindRequired }),
    pageId: optionalId,
    screen: optionalId,
    url: z
      .string()
      .trim()
      .max(MAX_URL_LENGTH, INVALID_URL)
      .optional()
      .transform((value) => value || null),
  })
  .superRefine((entry, context) => {
    if (entry.linkKind === 'page' && !entry.pageId) context.addIssue({ code: 'custom', path: ['pageId'], message: MENU_MESSAGES.pageRequired })
    if (entry.linkKind === 'screen' && !isMenuScreen(entry.screen)) context.addIssue({ code: 'custom', path: ['screen'], message: MENU_MESSAGES.screenRequired })
    if (entry.linkKind === 'url') {
      if (!entry.url) context.addIssue({ code: 'custom', path: ['url'], message: MENU_MESSAGES.urlRequired })
      else if (!isExternalUrl(entry.url)) context.addIssue({ code: 'custom', path: ['url'], message: INVALID_URL })
    }
    if (entry.menu === 'footer' && entry.parentId) context.addIssue({ code: 'custom', path: ['parentId'], message: MENU_MESSAGES.footerFlat })
  })
  // Checked even when another field is refused (an unknown link kind), so every missing field is named at once.
  .refine((entry) => entry.linkKind === 'page' || entry.label !== '', {
    path: ['label'],
    message: MENU_MESSAGES.labelRequired,
    when: (payload) => typeof (payload.value as { label?: unknown }).label === 'string',
  })

export type MenuItemInput = z.output<typeof menuItemSchema>

/** The pages screen's 'Add to menu': the page, at the top level of one menu. */
export const addPageToMenuSchema = z.object({
  intent: z.literal('add-to-menu'),
  id: rowId,
  menu: z.enum(MENUS, { error: MENU_MESSAGES.invalidMenu }),
})

export const MOVE_DIRECTIONS = ['up', 'down'] as const

export const menuActionSchema = z.discriminatedUnion(
  'intent',
  [
    menuItemSchema.safeExtend({ intent: z.literal('create') }),
    menuItemSchema.safeExtend({ intent: z.literal('update'), id: rowId }),
    z.object({ intent: z.literal('delete'), id: rowId }),
    z.object({ intent: z.literal('move'), id: rowId, direction: z.enum(MOVE_DIRECTIONS, { error: UNKNOWN_ACTION }) }),
  ],
  { error: UNKNOWN_ACTION },
)
