import { validated } from '#app/lib/action.server.ts'
import { db } from '#app/lib/db.server.ts'
import { sanitizeHtml } from '#app/lib/html-sanitizer.server.ts'
import { readJson, readTimestamp } from '#db/portable.ts'
import { EDITABLE_SECTION_KEYS, isEditableSectionKey, type EditableSectionKey } from './section-forms.ts'
import { homeLayoutSchema, sectionSchemas, type SectionContent } from './section.schema.ts'
import { storeHomeLayout, updateSectionContentByKey, type SectionRow } from './section.server.ts'

export type { SectionRow }

/** All sections, ordered by key, for Sections Management. */
export async function listSections(): Promise<SectionRow[]> {
  const rows = await db.selectFrom('sections').select(['id', 'key', 'content']).orderBy('key').execute()
  return rows.map((row) => ({ id: row.id, key: row.key, content: readJson(row.content) }))
}

/** A section with a form in Sections Management, with its last change. */
export interface EditableSection {
  key: EditableSectionKey
  /** The stored content, as stored. */
  content: unknown
  updatedAt: string
}

/** Only the keys Sections Management has a form for: calendar.google is edited in Events, so it is not offered here. */
function editableSections() {
  return db.selectFrom('sections').where('key', 'in', [...EDITABLE_SECTION_KEYS])
}

function toEditableSection(row: { key: string; content: unknown; updated_at: string | Date }): EditableSection {
  return { key: row.key as EditableSectionKey, content: readJson(row.content), updatedAt: readTimestamp(row.updated_at) }
}

/** One page of the editable sections, ordered by key as Sections Management lists them, and how many there are. */
export async function listEditableSectionsPage(query: { limit: number; offset: number }): Promise<{ sections: EditableSection[]; total: number }> {
  const [rows, count] = await Promise.all([
    editableSections().select(['key', 'content', 'updated_at']).orderBy('key').limit(query.limit).offset(query.offset).execute(),
    editableSections().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { sections: rows.map(toEditableSection), total: Number(count.total) }
}

/** The editable section with that key, or null when the key has no form or the section is not stored. */
export async function getEditableSection(key: string): Promise<EditableSection | null> {
  if (!isEditableSectionKey(key)) return null
  const row = await editableSections().select(['key', 'content', 'updated_at']).where('key', '=', key).executeTakeFirst()
  return row ? toEditableSection(row) : null
}

/**
 * Checks the content against its key's schema (a refusal names each field at
 * fault, by its dotted path) and saves it. About's rich text is sanitised
 * and checked again, since markup that is only unsafe (a lone script) leaves
 * no content at all.
 */
export async function saveSectionContent<K extends EditableSectionKey>(key: K, content: unknown): Promise<SectionRow> {
  let checked = validated(sectionSchemas[key], content) as SectionContent[K]
  if (key === 'home.about') {
    const about = checked as SectionContent['home.about']
    checked = validated(sectionSchemas['home.about'], { ...about, content: sanitizeHtml(about.content) }) as SectionContent[K]
  }
  return updateSectionContentByKey(key, checked)
}

/** Checks the home page's layout (every block once, the hero shown: docs/product-rules.md#home-page-layout) and saves it. */
export async function saveHomeLayout(content: unknown): Promise<SectionRow> {
  return storeHomeLayout(validated(homeLayoutSchema, content))
}
