import { publishChanges } from '#app/lib/changes.server.ts'
import { database, db } from '#app/lib/db.server.ts'
import { writeJson } from '#db/portable.ts'
import type { ThemeInput } from './theme.schema.ts'

export type ThemeWriteResult = { ok: true } | { ok: false; error: 'notFound' | 'active' }

/** Spec §7: update {name, colors, section_styles} by id. Saving the active theme reaches open pages through the change feed. */
export async function updateTheme(id: string, input: ThemeInput): Promise<ThemeWriteResult> {
  const result = await db
    .updateTable('themes')
    .set({ name: input.name, colors: writeJson(input.colors), section_styles: writeJson(input.sectionStyles) })
    .where('id', '=', id)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) return { ok: false, error: 'notFound' }
  await publishChanges({ table: 'themes', type: 'update', id })
  return { ok: true }
}

/** Deletes an inactive theme; the active one stays (spec §4), checked in the same statement so an activation meanwhile cannot slip through. */
export async function deleteTheme(id: string): Promise<ThemeWriteResult> {
  const result = await db.deleteFrom('themes').where('id', '=', id).where('is_active', '=', false).executeTakeFirst()
  if (Number(result.numDeletedRows) > 0) {
    await publishChanges({ table: 'themes', type: 'delete', id })
    return { ok: true }
  }
  const exists = await db.selectFrom('themes').select('id').where('id', '=', id).executeTakeFirst()
  return { ok: false, error: exists ? 'active' : 'notFound' }
}

/**
 * Spec §4: all themes inactive, then the chosen one active, in one
 * transaction. On PostgreSQL every theme row is locked first, so two
 * activations at once run one after the other instead of colliding on the
 * one-active index; SQLite runs one write transaction at a time anyway.
 */
export async function activateTheme(id: string): Promise<ThemeWriteResult> {
  const outcome = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('themes')
      .select(['id', 'is_active'])
      .$if(database.engine === 'postgres', (query) => query.forUpdate())
      .execute()
    if (!rows.some((row) => row.id === id)) return null
    await trx.updateTable('themes').set({ is_active: false }).where('is_active', '=', true).where('id', '!=', id).execute()
    await trx.updateTable('themes').set({ is_active: true }).where('id', '=', id).execute()
    return rows.filter((row) => Boolean(row.is_active) && row.id !== id).map((row) => row.id)
  })
  if (!outcome) return { ok: false, error: 'notFound' }
  await publishChanges(...outcome.map((previous) => ({ table: 'themes' as const, type: 'update' as const, id: previous })), { table: 'themes', type: 'update', id })
  return { ok: true }
}
