import type { Kysely } from 'kysely'
import type { Database } from '#db/database.ts'
import { firstFreeSlug, SLUG_MAX_LENGTH, slugify } from './slug.ts'

/** The items whose slug may be made from their title. */
export type SluggedTable = 'pages' | 'blogs'

/**
 * The slug a title gives an item of `table`: its slugify, or the first
 * numbered one no other item has and `reserved` does not refuse. Null when
 * the title has no letter or digit to make one from.
 */
export async function freeSlugForTitle(
  executor: Kysely<Database>,
  table: SluggedTable,
  title: string,
  options: { exceptId?: string; reserved?: (slug: string) => boolean } = {},
): Promise<string | null> {
  const base = slugify(title)
  if (!base) return null
  // Every candidate starts with this much of the base, whatever number it needs.
  const prefix = base.slice(0, SLUG_MAX_LENGTH - 12)
  let query = executor.selectFrom(table).select('slug').where('slug', 'like', `${prefix}%`)
  if (options.exceptId) query = query.where('id', '<>', options.exceptId)
  const taken = new Set((await query.execute()).map((row) => row.slug))
  return firstFreeSlug(base, (slug) => taken.has(slug) || (options.reserved?.(slug) ?? false))
}
