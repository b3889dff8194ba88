import { z } from 'zod'
import { MENU_SCREENS, type MenuItem } from '#app/domain/menu/menu.ts'
import { MENU_MESSAGES, menuItemSchema } from '#app/domain/menu/menu.schema.ts'
import { createMenuItem, deleteMenuItem, getMenuItem, listMenuItems, updateMenuItem } from '#app/domain/menu/menu-admin.server.ts'
import { validated } from '#app/lib/action.server.ts'
import { MENU_LINK_KINDS, MENUS } from '#db/tables/navigation.ts'
import { defineCollection } from '../collection.ts'

const LINK_DESCRIPTION = 'page (page_id), screen (screen) or url (url): only the field of the kind counts; the others are stored as null.'

const item = z.object({
  id: z.string(),
  menu: z.enum(MENUS).meta({ description: 'header (the menu at the top of every page) or footer (its Quick Links).' }),
  parent_id: z.string().nullable().meta({ description: 'The top-level header entry this one is listed under; null at the top level.' }),
  label: z.string(),
  link_kind: z.enum(MENU_LINK_KINDS).meta({ description: LINK_DESCRIPTION }),
  page_id: z.string().nullable(),
  screen: z.string().nullable(),
  url: z.string().nullable(),
  sort_order: z.number().int().meta({ description: 'Place among the entries with the same menu and parent, from 0.' }),
})

const optionalId = z.string().max(64).nullable().optional()

const input = z.object({
  menu: menuItemSchema.shape.menu,
  parent_id: optionalId.meta({ description: 'A top-level header entry to list this one under (one level deep; never in the footer); null or left out for the top level.' }),
  label: menuItemSchema.shape.label.meta({ description: "Up to 60 characters; required, except for a page's entry, which left empty takes the page's title." }),
  link_kind: menuItemSchema.shape.linkKind.meta({ description: LINK_DESCRIPTION }),
  page_id: optionalId.meta({ description: 'The page, when link_kind is page. Visitors see the entry only while the page is published.' }),
  screen: z
    .enum(MENU_SCREENS, { error: MENU_MESSAGES.screenRequired })
    .nullable()
    .optional()
    .meta({ description: 'The public screen, when link_kind is screen. staff shows only while the staff directory is on.' }),
  url: z.string().max(2000).nullable().optional().meta({ description: 'An http(s) address on another site, when link_kind is url.' }),
  sort_order: z
    .number({ error: 'Must be a whole number from 0' })
    .int('Must be a whole number from 0')
    .min(0, 'Must be a whole number from 0')
    .optional()
    .meta({ description: 'Place among its siblings, from 0; left out: last for a new entry, unchanged for a stored one (last when it changes menu or parent).' }),
})

function toItem(entry: MenuItem): z.output<typeof item> {
  return {
    id: entry.id,
    menu: entry.menu,
    parent_id: entry.parentId,
    label: entry.label,
    link_kind: entry.linkKind,
    page_id: entry.pageId,
    screen: entry.screen,
    url: entry.url,
    sort_order: entry.sortOrder,
  }
}

/** The API's values through the admin form's schema: the same link rules and messages. */
function toSubmission(values: z.output<typeof input>) {
  return validated(menuItemSchema, {
    menu: values.menu,
    parentId: values.parent_id ?? undefined,
    label: values.label,
    linkKind: values.link_kind,
    pageId: values.page_id ?? undefined,
    screen: values.screen ?? undefined,
    url: values.url ?? undefined,
  })
}

/** Menus: the entries of the header menu and of the footer's Quick Links. */
export const menus = defineCollection({
  name: 'menus',
  title: 'Menus',
  description:
    'The entries of the public header menu and of the footer\'s Quick Links: header entries first, each top-level entry followed by those under it, in their order.',
  minimumRole: 'editor',
  item,
  input,
  filters: z.object({ menu: z.enum(MENUS).optional().meta({ description: 'Only the entries of this menu.' }) }),
  domainFieldNames: { parentId: 'parent_id', linkKind: 'link_kind', pageId: 'page_id' },
  // sort_order is left out: a PATCH without it keeps the entry's place (or puts it last in a new menu or parent).
  editable: (entry) => ({
    menu: entry.menu,
    parent_id: entry.parent_id,
    label: entry.label,
    link_kind: entry.link_kind,
    page_id: entry.page_id,
    screen: entry.screen as z.input<typeof input>['screen'],
    url: entry.url,
  }),
  async list({ limit, offset, filters }) {
    const entries = (await listMenuItems()).filter((entry) => !filters.menu || entry.menu === filters.menu)
    return { items: entries.slice(offset, offset + limit).map(toItem), total: entries.length }
  },
  async read(id) {
    const entry = await getMenuItem(id)
    return entry ? toItem(entry) : null
  },
  create: async (values) => toItem(await createMenuItem(toSubmission(values), values.sort_order)),
  update: async (id, values) => toItem(await updateMenuItem(id, toSubmission(values), values.sort_order)),
  remove: (id) => deleteMenuItem(id),
})
