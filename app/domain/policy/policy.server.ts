import { db } from '#app/lib/db.server.ts'
import { readTimestamp } from '#db/portable.ts'

export interface Policy {
  id: string
  title: string
  description: string | null
  fileUrl: string | null
  createdAt: string
}

/** Newest first (spec §7). */
export async function listPolicies(): Promise<Policy[]> {
  const rows = await db.selectFrom('policies').selectAll().orderBy('created_at', 'desc').execute()
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    fileUrl: row.file_url,
    createdAt: readTimestamp(row.created_at),
  }))
}

/**
 * The title of the newest policy linking to a stored document, to name its
 * download; null when no policy links to it.
 */
export async function policyTitleForFile(fileUrl: string): Promise<string | null> {
  const row = await db.selectFrom('policies').select('title').where('file_url', '=', fileUrl).orderBy('created_at', 'desc').limit(1).executeTakeFirst()
  return row?.title ?? null
}
