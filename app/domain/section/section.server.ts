import { publishChanges } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { now, readJson, writeJson } from '#db/portable.ts'
import { sectionSchemas, type SectionContent, type SectionKey } from './section.schema.ts'

/** A section's content, or null when it is missing or no longer matches its schema. */
export async function getSectionContent<K extends SectionKey>(key: K): Promise<SectionContent[K] | null> {
  const row = await db.selectFrom('sections').select('content').where('key', '=', key).executeTakeFirst()
  if (!row) return null
  const parsed = sectionSchemas[key].safeParse(readJson(row.content))
  return parsed.success ? (parsed.data as SectionContent[K]) : null
}

/** Spec §7 "update content where key is …"; false when no section has that key. */
export async function updateSectionContentByKey<K extends SectionKey>(key: K, content: SectionContent[K]): Promise<boolean> {
  const row = await db.selectFrom('sections').select('id').where('key', '=', key).executeTakeFirst()
  if (!row) return false
  const result = await db.updateTable('sections').set({ content: writeJson(content), updated_at: now() }).where('id', '=', row.id).executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) return false
  await publishChanges({ table: 'sections', type: 'update', id: row.id })
  return true
}
