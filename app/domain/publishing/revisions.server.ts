import { db } from '#app/lib/db.server.ts'
import type { WriteTransaction } from '#app/lib/transaction.server.ts'
import { newId, readJson, readTimestamp, writeJson } from '#db/portable.ts'

/** An item keeps its last twenty versions: enough to undo a bad week, bounded whatever its age (docs/product-rules.md#publishing). */
export const REVISIONS_KEPT = 20

/** The tables whose items keep revisions. */
export type RevisionSubject = 'blogs' | 'pages'

export interface Revision<Snapshot> {
  id: string
  snapshot: Snapshot
  createdAt: string
  /** Who saved it: their name, or their e-mail without one; null for a deleted account or a write without a person. */
  author: string | null
}

/**
 * Keeps an item's fields as one write left them, inside that write's
 * transaction, and forgets the oldest beyond the kept number.
 */
export async function recordRevision(tx: WriteTransaction, subject: RevisionSubject, subjectId: string, snapshot: object, authorId: string | null) {
  // Two saves within one millisecond must still list in the order they were made: each revision is at least 1 ms after the one before.
  const latest = await tx.db
    .selectFrom('revisions')
    .select('created_at')
    .where('subject', '=', subject)
    .where('subject_id', '=', subjectId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  const at = Math.max(Date.now(), latest ? Date.parse(readTimestamp(latest.created_at)) + 1 : 0)
  await tx.db
    .insertInto('revisions')
    .values({ id: newId(), subject, subject_id: subjectId, snapshot: writeJson(snapshot), created_by: authorId, created_at: new Date(at).toISOString() })
    .execute()
  const kept = await tx.db
    .selectFrom('revisions')
    .select('id')
    .where('subject', '=', subject)
    .where('subject_id', '=', subjectId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(REVISIONS_KEPT)
    .execute()
  await tx.db
    .deleteFrom('revisions')
    .where('subject', '=', subject)
    .where('subject_id', '=', subjectId)
    .where(
      'id',
      'not in',
      kept.map((row) => row.id),
    )
    .execute()
}

/** Removes an item's revisions with the item. */
export async function forgetRevisions(tx: WriteTransaction, subject: RevisionSubject, subjectId: string) {
  await tx.db.deleteFrom('revisions').where('subject', '=', subject).where('subject_id', '=', subjectId).execute()
}

/** An item's revisions, newest first, each snapshot read by the item's own schema. */
export async function listRevisions<Snapshot>(subject: RevisionSubject, subjectId: string, readSnapshot: (stored: unknown) => Snapshot): Promise<Revision<Snapshot>[]> {
  const rows = await db
    .selectFrom('revisions')
    .leftJoin('user', 'user.id', 'revisions.created_by')
    .leftJoin('profiles', 'profiles.id', 'revisions.created_by')
    .select(['revisions.id', 'revisions.snapshot', 'revisions.created_at', 'profiles.full_name', 'user.email'])
    .where('revisions.subject', '=', subject)
    .where('revisions.subject_id', '=', subjectId)
    .orderBy('revisions.created_at', 'desc')
    .orderBy('revisions.id', 'desc')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    snapshot: readSnapshot(readJson(row.snapshot)),
    createdAt: readTimestamp(row.created_at),
    author: row.full_name || row.email || null,
  }))
}
