import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'

/** What a fresh site's header and footer menus link to: the public screens every site has. */
const DEFAULT_MENU_SCREENS = ['home', 'gallery', 'blogs', 'calendar', 'policies', 'contact'] as const
const SCREEN_LABELS: Record<(typeof DEFAULT_MENU_SCREENS)[number], string> = {
  home: 'Home',
  gallery: 'Gallery',
  blogs: 'Blogs',
  calendar: 'Calendar',
  policies: 'Policies',
  contact: 'Contact',
}

/**
 * The school's own pages (nested one inside another, published like posts),
 * the editable header and footer menus, and the staff directory. Existing
 * sites get the menus they showed until now plus Contact, so their
 * navigation stays; see docs/product-rules.md#pages and #menus.
 *
 * `parent_id` and a menu entry's `page_id` carry no foreign key: a site
 * archive restores rows in key order, where a child may come before its
 * parent. The page and menu operations keep them pointing at real rows.
 */
export function pagesMenusStaff(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pages')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('parent_id', 'text')
        .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('seo_description', 'text')
        .addColumn('cover_image', 'text')
        .addColumn('cover_alt', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover_decorative', t.boolean, (c) => c.notNull().defaultTo(t.bool(false)))
        .addColumn('cover_focal_x', 'real', (c) => c.notNull().defaultTo(0.5))
        .addColumn('cover_focal_y', 'real', (c) => c.notNull().defaultTo(0.5))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('published_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      await db.schema.createIndex('pages_parent_sort_idx').on('pages').columns(['parent_id', 'sort_order']).execute()

      await db.schema
        .createTable('menu_items')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('menu', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'text')
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('link_kind', 'text', (c) => c.notNull())
        .addColumn('page_id', 'text')
        .addColumn('screen', 'text')
        .addColumn('url', 'text')
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.createIndex('menu_items_menu_sort_idx').on('menu_items').columns(['menu', 'parent_id', 'sort_order']).execute()
      for (const menu of ['header', 'footer']) {
        for (const [index, screen] of DEFAULT_MENU_SCREENS.entries()) {
          await sql`insert into menu_items (id, menu, label, link_kind, screen, sort_order)
            values (${crypto.randomUUID()}, ${menu}, ${SCREEN_LABELS[screen]}, 'screen', ${screen}, ${index})`.execute(db)
        }
      }

      await db.schema
        .createTable('staff_members')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('job_title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('department', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('photo_url', 'text')
        .addColumn('photo_alt', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('photo_decorative', t.boolean, (c) => c.notNull().defaultTo(t.bool(false)))
        .addColumn('photo_focal_x', 'real', (c) => c.notNull().defaultTo(0.5))
        .addColumn('photo_focal_y', 'real', (c) => c.notNull().defaultTo(0.5))
        .addColumn('email', 'text')
        .addColumn('show_email', t.boolean, (c) => c.notNull().defaultTo(t.bool(false)))
        .addColumn('phone', 'text')
        .addColumn('bio', 'text')
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      await db.schema.createIndex('staff_members_sort_idx').on('staff_members').column('sort_order').execute()
    },
  }
}
