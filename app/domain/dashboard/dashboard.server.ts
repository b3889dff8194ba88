import { sql } from 'kysely'
import { db } from '#app/lib/db.server.ts'

/** The dashboard's count cards, in the order they are shown (docs/product-rules.md#roles). */
const COUNTED_TABLES = [
  { table: 'sections', label: 'Sections' },
  { table: 'blogs', label: 'Blog Posts' },
  { table: 'events', label: 'Events' },
  { table: 'gallery', label: 'Gallery Images' },
  { table: 'policies', label: 'Policies' },
  { table: 'testimonials', label: 'Testimonials' },
] as const

export type ContentCountKey = (typeof COUNTED_TABLES)[number]['table']

export interface ContentCount {
  key: ContentCountKey
  label: string
  count: number
}

/** Row counts of the content tables, in one round trip. */
export async function countContent(): Promise<ContentCount[]> {
  const [first, ...rest] = COUNTED_TABLES.map(({ table }) =>
    db.selectFrom(table).select((eb) => [sql<string>`${sql.lit(table)}`.as('key'), eb.fn.countAll<number | string>().as('count')]),
  )
  const rows = await rest.reduce((query, next) => query.unionAll(next), first!).execute()
  const countOf = new Map(rows.map((row) => [row.key, Number(row.count)]))
  return COUNTED_TABLES.map(({ table, label }) => ({ key: table, label, count: countOf.get(table) ?? 0 }))
}
