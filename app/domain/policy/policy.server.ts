import type { Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readTimestamp } from '#db/portable.ts'
import type { PolicyTable } from '#db/tables/content.ts'

import { publishedOnly } from '../publishing/visibility.server.ts'
import type { Policy } from './policy.ts'

export type { Policy }

export function toPolicy(row: Selectable<PolicyTable>): Policy {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    description: row.description,
    fileUrl: row.file_url,
    createdAt: readTimestamp(row.created_at),
  }
}

/** Every policy, drafts too, newest first: the admin list. */
export async function listPolicies(): Promise<Policy[]> {
  const rows = await db.selectFrom('policies').selectAll().orderBy('created_at', 'desc').orderBy('id').execute()
  return rows.map(toPolicy)
}

/** The published policies, newest first: the public policies page. */
export async function listPublicPolicies(): Promise<Policy[]> {
  const rows = await db.selectFrom('policies').selectAll().where(publishedOnly()).orderBy('created_at', 'desc').orderBy('id').execute()
  return rows.map(toPolicy)
}

/**
 * The title of the newest policy linking to a stored document, to name its
 * download; null when no policy links to it.
 */
export async function policyTitleForFile(fileUrl: string): Promise<string | null> {
  const row = await db.selectFrom('policies').select('title').where('file_url', '=', fileUrl).orderBy('created_at', 'desc').limit(1).executeTakeFirst()
  return row?.title ?? null
}

/** One policy, or null when there is none with this id. */
export async function getPolicy(id: string): Promise<Policy | null> {
  const row = await db.selectFrom('policies').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toPolicy(row) : null
}

/** A page of all policies, newest first, with how many there are. */
export async function listPoliciesPage(query: { limit: number; offset: number }): Promise<{ policies: Policy[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom('policies').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(query.limit).offset(query.offset).execute(),
    db.selectFrom('policies').select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { policies: rows.map(toPolicy), total: Number(count.total) }
}
