import { db } from '#app/lib/db.server.ts'
import { now, readBool, readJson, readTimestamp } from '#db/portable.ts'
import type { Selectable } from 'kysely'
import type { ThemeTable } from '#db/tables/site.ts'
import {
  completeColors,
  completeSectionStyles,
  DEFAULT_COLORS,
  DEFAULT_THEME_NAME,
  defaultSectionStyles,
  type Theme,
} from './theme.schema.ts'

export function toTheme(row: Selectable<ThemeTable>): Theme {
  return {
    id: row.id,
    name: row.name,
    isActive: readBool(row.is_active),
    colors: completeColors(readJson(row.colors)),
    sectionStyles: completeSectionStyles(readJson(row.section_styles)),
    createdAt: readTimestamp(row.created_at),
  }
}

/** The active theme, or the defaults when none is active (a fresh or damaged install still renders). */
export async function getActiveTheme(): Promise<Theme> {
  const row = await db.selectFrom('themes').selectAll().where('is_active', '=', true).executeTakeFirst()
  return row ? toTheme(row) : defaultTheme()
}

/** The default theme (docs/product-rules.md#themes), for a site without an active one. */
export function defaultTheme(): Theme {
  return {
    id: '',
    name: DEFAULT_THEME_NAME,
    isActive: true,
    colors: { ...DEFAULT_COLORS },
    sectionStyles: defaultSectionStyles(),
    createdAt: now(),
  }
}

/** The Theme screen's order: newest first. */
const newestFirst = () => db.selectFrom('themes').selectAll().orderBy('created_at', 'desc').orderBy('id')

export async function listThemes(): Promise<Theme[]> {
  const rows = await newestFirst().execute()
  return rows.map(toTheme)
}

/** A page of the themes in the Theme screen's order, with how many there are. */
export async function listThemesPage(query: { limit: number; offset: number }): Promise<{ themes: Theme[]; total: number }> {
  const [rows, count] = await Promise.all([
    newestFirst().limit(query.limit).offset(query.offset).execute(),
    db.selectFrom('themes').select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { themes: rows.map(toTheme), total: Number(count.total) }
}

export async function getTheme(id: string): Promise<Theme | null> {
  const row = await db.selectFrom('themes').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toTheme(row) : null
}
