import type { ExpressionBuilder } from 'kysely'
import type { Database } from '#db/database.ts'

/** The tables whose rows are published at a time: a draft, or published from `published_at` on. */
type TimedTable = 'blogs' | 'pages'
/** The tables whose rows are a draft or published, with no time of their own. */
type DraftableTable = 'events' | 'policies'

/**
 * The one rule of what the public sees of a timed table, decided at read so
 * that every instance shows a scheduled item at the same moment with nothing
 * to run: published, and its time has come.
 */
export function publiclyVisible(now: Date) {
  return (eb: ExpressionBuilder<Database, TimedTable>) => eb.and([eb('status', '=', 'published'), eb('published_at', '<=', now.toISOString())])
}

/** What the public sees of an untimed table: everything but drafts. */
export function publishedOnly() {
  return (eb: ExpressionBuilder<Database, DraftableTable>) => eb('status', '=', 'published')
}
