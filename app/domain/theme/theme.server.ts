import { publishChanges } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { newId, now, readBool, readJson, readTimestamp, writeJson } from '#db/portable.ts'
import type { Selectable } from 'kysely'
import type { ThemeTable } from '#db/tables/site.ts'
import {
  completeColors,
  completeSectionStyles,
  DEFAULT_COLORS,
  DEFAULT_THEME_NAME,
  defaultSectionStyles,
  type SectionStyles,
  type Theme,
  type ThemeColors,
} from './theme.schema.ts'

function toTheme(row: Selectable<ThemeTable>): Theme {
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

/** The spec's default theme, for a site without an active one. */
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

export async function listThemes(): Promise<Theme[]> {
  const rows = await db.selectFrom('themes').selectAll().orderBy('created_at', 'desc').execute()
  return rows.map(toTheme)
}

export async function createTheme(input: {
  name: string
  colors: ThemeColors
  sectionStyles: SectionStyles
}): Promise<string> {
  const id = newId()
  await db
    .insertInto('themes')
    .values({
      id,
      name: input.name,
      is_active: false,
      colors: writeJson(input.colors),
      section_styles: writeJson(input.sectionStyles),
      created_at: now(),
    })
    .execute()
  await publishChanges({ table: 'themes', type: 'insert', id })
  return id
}
