import { db } from '#app/lib/db.server.ts'
import { sanitizeHtml } from '#app/lib/html-sanitizer.server.ts'
import { readJson } from '#db/portable.ts'
import type { EditableSectionKey } from './section-forms.ts'
import { sectionSchemas, type SectionContent } from './section.schema.ts'
import { updateSectionContentByKey } from './section.server.ts'

export interface SectionRow {
  id: string
  key: string
  /** The stored content, as stored (forms validate it again before saving). */
  content: unknown
}

/** Spec §7: all sections ordered by key. */
export async function listSections(): Promise<SectionRow[]> {
  const rows = await db.selectFrom('sections').select(['id', 'key', 'content']).orderBy('key').execute()
  return rows.map((row) => ({ id: row.id, key: row.key, content: readJson(row.content) }))
}

/** Saves a section's checked content; About's rich text is sanitised first. False when the section row is missing. */
export async function saveSectionContent<K extends EditableSectionKey>(key: K, content: SectionContent[K]): Promise<boolean> {
  const safe =
    key === 'home.about'
      ? sectionSchemas['home.about'].parse({ ...(content as SectionContent['home.about']), content: sanitizeHtml((content as SectionContent['home.about']).content) })
      : content
  return updateSectionContentByKey(key, safe as SectionContent[K])
}
