import { db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { newId, now, readJson, writeJson } from '#db/portable.ts'
import { SECTION_MESSAGES } from './section-forms.ts'
import { DEFAULT_HOME_LAYOUT, HOME_LAYOUT_KEY, homeLayoutSchema, sectionSchemas, type HomeLayout, type SectionContent, type SectionKey } from './section.schema.ts'

export interface SectionRow {
  id: string
  key: string
  /** The stored content, as stored (forms validate it again before saving). */
  content: unknown
}

/** A section's content, or null when it is missing or no longer matches its schema. */
export async function getSectionContent<K extends SectionKey>(key: K): Promise<SectionContent[K] | null> {
  const row = await db.selectFrom('sections').select('content').where('key', '=', key).executeTakeFirst()
  if (!row) return null
  const parsed = sectionSchemas[key].safeParse(readJson(row.content))
  return parsed.success ? (parsed.data as SectionContent[K]) : null
}

/**
 * Replaces the content of the section with that key (sections are created by
 * the seed, never by a form) and returns the stored section. The content must
 * already be checked against the key's schema.
 */
export async function updateSectionContentByKey<K extends SectionKey>(key: K, content: SectionContent[K]): Promise<SectionRow> {
  return writeTransaction(async (tx) => {
    const row = await tx.db.selectFrom('sections').select('id').where('key', '=', key).executeTakeFirst()
    if (!row) throw DomainError.notFound(SECTION_MESSAGES.notFound)
    await tx.db.updateTable('sections').set({ content: writeJson(content), updated_at: now() }).where('id', '=', row.id).execute()
    tx.publish({ table: 'sections', type: 'update', id: row.id })
    const stored = await tx.db.selectFrom('sections').select(['id', 'key', 'content']).where('id', '=', row.id).executeTakeFirstOrThrow()
    return { id: stored.id, key: stored.key, content: readJson(stored.content) }
  })
}

/**
 * The home page's layout: the stored one, or the default when there is no row
 * (a site from before layouts existed) or the row no longer fits the schema.
 */
export async function getHomeLayout(): Promise<HomeLayout> {
  const row = await db.selectFrom('sections').select('content').where('key', '=', HOME_LAYOUT_KEY).executeTakeFirst()
  if (!row) return DEFAULT_HOME_LAYOUT
  const parsed = homeLayoutSchema.safeParse(readJson(row.content))
  return parsed.success ? parsed.data : DEFAULT_HOME_LAYOUT
}

/**
 * Stores the home page's layout, already checked against its schema. Unlike
 * the other sections its row may not exist yet, so the first save creates it.
 */
export async function storeHomeLayout(layout: HomeLayout): Promise<SectionRow> {
  return writeTransaction(async (tx) => {
    const existing = await tx.db.selectFrom('sections').select('id').where('key', '=', HOME_LAYOUT_KEY).executeTakeFirst()
    const id = existing?.id ?? newId()
    await tx.db
      .insertInto('sections')
      .values({ id, key: HOME_LAYOUT_KEY, content: writeJson(layout), updated_at: now() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ content: writeJson(layout), updated_at: now() }))
      .execute()
    const stored = await tx.db.selectFrom('sections').select(['id', 'key', 'content']).where('key', '=', HOME_LAYOUT_KEY).executeTakeFirstOrThrow()
    tx.publish({ table: 'sections', type: existing ? 'update' : 'insert', id: stored.id })
    return { id: stored.id, key: stored.key, content: readJson(stored.content) }
  })
}
