import { database } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { newId, now, writeJson } from '#db/portable.ts'
import { describeShortfall, themeContrast } from './contrast.ts'
import { THEME_MESSAGES, type ThemeColors, type ThemeInput } from './theme.schema.ts'
import { toTheme } from './theme.server.ts'
import type { Theme } from './theme.schema.ts'

const notFound = () => DomainError.notFound(THEME_MESSAGES.notFound)

/**
 * The public site shows only themes whose text meets WCAG AA on its
 * backgrounds (docs/product-rules.md#themes): the refusal names each pair
 * below its minimum, and each colour involved is a field at fault.
 */
function refuseUnreadable(colors: ThemeColors, reason: string): void {
  const shortfalls = themeContrast(colors).filter((pair) => !pair.passes)
  if (!shortfalls.length) return
  const message = `${reason}: ${shortfalls.map(describeShortfall).join('; ')}.`
  const fields = Object.fromEntries(shortfalls.flatMap(({ pair }) => pair.colorKeys.map((key) => [`colors.${key}`, message])))
  throw DomainError.invalid(message, fields)
}

async function readBack(tx: WriteTransaction, id: string): Promise<Theme> {
  return toTheme(await tx.db.selectFrom('themes').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

/** A new theme with the editor's values; it stays inactive until activated. */
export async function createTheme(input: ThemeInput): Promise<Theme> {
  const id = newId()
  return writeTransaction(async (tx) => {
    await tx.db
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
    tx.publish({ table: 'themes', type: 'insert', id })
    return readBack(tx, id)
  })
}

/** The name, colours and section styles of a theme. Saving the active theme reaches open pages through the change feed. */
export async function updateTheme(id: string, input: ThemeInput): Promise<Theme> {
  return writeTransaction(async (tx) => {
    // Locked on PostgreSQL so an activation meanwhile waits and then checks the new colours.
    const stored = await tx.db
      .selectFrom('themes')
      .select('is_active')
      .where('id', '=', id)
      .$if(database.engine === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst()
    if (stored?.is_active) refuseUnreadable(input.colors, THEME_MESSAGES.activeMustStayReadable)
    const result = await tx.db
      .updateTable('themes')
      .set({ name: input.name, colors: writeJson(input.colors), section_styles: writeJson(input.sectionStyles) })
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) throw notFound()
    tx.publish({ table: 'themes', type: 'update', id })
    return readBack(tx, id)
  })
}

/**
 * Deletes an inactive theme; the active one stays, checked in the same
 * statement so an activation meanwhile cannot slip through.
 */
export async function deleteTheme(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const result = await tx.db.deleteFrom('themes').where('id', '=', id).where('is_active', '=', false).executeTakeFirst()
    if (Number(result.numDeletedRows) > 0) {
      tx.publish({ table: 'themes', type: 'delete', id })
      return
    }
    const exists = await tx.db.selectFrom('themes').select('id').where('id', '=', id).executeTakeFirst()
    throw exists ? DomainError.conflict(THEME_MESSAGES.activeCannotBeDeleted) : notFound()
  })
}

/**
 * Exactly one theme is active: all others inactive, then the chosen one
 * active, in one transaction. On PostgreSQL every theme row is locked first,
 * so two activations at once run one after the other instead of colliding on
 * the one-active index; SQLite runs one write transaction at a time anyway.
 */
export async function activateTheme(id: string): Promise<Theme> {
  return writeTransaction(async (tx) => {
    const rows = await tx.db
      .selectFrom('themes')
      .select(['id', 'is_active'])
      .$if(database.engine === 'postgres', (query) => query.forUpdate())
      .execute()
    if (!rows.some((row) => row.id === id)) throw notFound()
    refuseUnreadable((await readBack(tx, id)).colors, THEME_MESSAGES.tooLittleContrast)
    await tx.db.updateTable('themes').set({ is_active: false }).where('is_active', '=', true).where('id', '!=', id).execute()
    await tx.db.updateTable('themes').set({ is_active: true }).where('id', '=', id).execute()
    for (const previous of rows.filter((row) => Boolean(row.is_active) && row.id !== id)) tx.publish({ table: 'themes', type: 'update', id: previous.id })
    tx.publish({ table: 'themes', type: 'update', id })
    return readBack(tx, id)
  })
}
