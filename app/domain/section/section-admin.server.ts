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

export type SaveSectionResult = { ok: true } | { ok: false; error: 'not-found' } | { ok: false; error: 'invalid'; message: string }

/**
 * Saves a section's checked content; About's rich text is sanitised first and
 * checked again, since markup that is only unsafe (a lone script) leaves no
 * content at all.
 */
export async function saveSectionContent<K extends EditableSectionKey>(key: K, content: SectionContent[K]): Promise<SaveSectionResult> {
  let safe: SectionContent[K] = content
  if (key === 'home.about') {
    const about = content as SectionContent['home.about']
    const checked = sectionSchemas['home.about'].safeParse({ ...about, content: sanitizeHtml(about.content) })
    if (!checked.success) return { ok: false, error: 'invalid', message: checked.error.issues[0]?.message ?? 'Invalid input' }
    safe = checked.data as SectionContent[K]
  }
  return (await updateSectionContentByKey(key, safe)) ? { ok: true } : { ok: false, error: 'not-found' }
}
