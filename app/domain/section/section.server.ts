import { db } from '#app/lib/db.server.ts'
import { readJson } from '#db/portable.ts'
import { sectionSchemas, type SectionContent, type SectionKey } from './section.schema.ts'

/** A section's content, or null when it is missing or no longer matches its schema. */
export async function getSectionContent<K extends SectionKey>(key: K): Promise<SectionContent[K] | null> {
  const row = await db.selectFrom('sections').select('content').where('key', '=', key).executeTakeFirst()
  if (!row) return null
  const parsed = sectionSchemas[key].safeParse(readJson(row.content))
  return parsed.success ? (parsed.data as SectionContent[K]) : null
}
