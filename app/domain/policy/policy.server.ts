import type { Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readTimestamp } from '#db/portable.ts'
import type { PolicyCategoryTable, PolicyTable, PolicyVersionTable } from '#db/tables/content.ts'

import { publishedOnly } from '../publishing/visibility.server.ts'
import type { Policy, PolicyCategory, PolicyVersion } from './policy.ts'

export type { Policy, PolicyCategory, PolicyVersion }

export function toPolicyCategory(row: Selectable<PolicyCategoryTable>): PolicyCategory {
  return { id: row.id, name: row.name, slug: row.slug, position: row.position }
}

export function toPolicy(row: Selectable<PolicyTable>, categories: ReadonlyMap<string, PolicyCategory>): Policy {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    slug: row.slug,
    description: row.description,
    fileUrl: row.file_url,
    category: (row.category_id && categories.get(row.category_id)) || null,
    reviewDate: row.review_date,
    createdAt: readTimestamp(row.created_at),
    updatedAt: readTimestamp(row.updated_at ?? row.created_at),
  }
}

function toVersion(row: Selectable<PolicyVersionTable>, current: boolean): PolicyVersion {
  return {
    id: row.id,
    policyId: row.policy_id,
    fileUrl: row.file_url,
    fileName: row.file_name,
    size: row.size === null ? null : Number(row.size),
    contentType: row.content_type,
    createdAt: readTimestamp(row.created_at),
    current,
  }
}

/** Every category, in the admins' order. */
export async function listPolicyCategories(): Promise<PolicyCategory[]> {
  const rows = await db.selectFrom('policy_categories').selectAll().orderBy('position').orderBy('name').execute()
  return rows.map(toPolicyCategory)
}

async function withCategories(rows: Selectable<PolicyTable>[]): Promise<Policy[]> {
  const categories = new Map((await listPolicyCategories()).map((category) => [category.id, category]))
  return rows.map((row) => toPolicy(row, categories))
}

/** The published policies, newest first, of one category when given: the public policies page. */
export async function listPublicPolicies(categoryId?: string): Promise<Policy[]> {
  let query = db.selectFrom('policies').selectAll().where(publishedOnly())
  if (categoryId) query = query.where('category_id', '=', categoryId)
  return withCategories(await query.orderBy('created_at', 'desc').orderBy('id').execute())
}

/** How many published policies each category has (by id), and in all: the filter links' counts. */
export async function countPublicPoliciesByCategory(): Promise<{ total: number; byCategory: Map<string, number> }> {
  const rows = await db.selectFrom('policies').select(['category_id', (eb) => eb.fn.countAll().as('count')]).where(publishedOnly()).groupBy('category_id').execute()
  const byCategory = new Map<string, number>()
  let total = 0
  for (const row of rows) {
    total += Number(row.count)
    if (row.category_id) byCategory.set(row.category_id, Number(row.count))
  }
  return { total, byCategory }
}

/** A published policy by its address, or null (a draft is not found). */
export async function getPublicPolicyBySlug(slug: string): Promise<Policy | null> {
  const row = await db.selectFrom('policies').selectAll().where('slug', '=', slug).where(publishedOnly()).executeTakeFirst()
  return row ? (await withCategories([row]))[0]! : null
}

/** The policy a stored document belongs to, as far as its file needs: the title it is named after, and whether visitors may have it. */
export interface PolicyFile {
  title: string
  /** The current document of a published policy; a draft's, or one a newer document replaced, is the office's. */
  public: boolean
}

/**
 * The newest policy that has this stored document as its current file, else
 * the newest that had it as an earlier version; null when none links to it.
 */
export async function policyOfFile(fileUrl: string): Promise<PolicyFile | null> {
  const newestOwner = () => db.selectFrom('policies').select((eb) => ['title', publishedOnly()(eb).as('published')]).orderBy('created_at', 'desc').limit(1)
  const current = await newestOwner().where('file_url', '=', fileUrl).executeTakeFirst()
  // SQLite answers the comparison as 0 or 1, PostgreSQL as a boolean.
  if (current) return { title: current.title, public: Boolean(current.published) }
  const superseded = await newestOwner()
    .where('id', 'in', db.selectFrom('policy_versions').select('policy_id').where('file_url', '=', fileUrl))
    .executeTakeFirst()
  return superseded ? { title: superseded.title, public: false } : null
}

/** A policy by its address whatever its status, or null: what staff reach at the stable download address. */
export async function getPolicyBySlug(slug: string): Promise<Policy | null> {
  const row = await db.selectFrom('policies').selectAll().where('slug', '=', slug).executeTakeFirst()
  return row ? (await withCategories([row]))[0]! : null
}

/** One policy, or null when there is none with this id. */
export async function getPolicy(id: string): Promise<Policy | null> {
  const row = await db.selectFrom('policies').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? (await withCategories([row]))[0]! : null
}

/** A page of all policies, newest first, with how many there are. */
export async function listPoliciesPage(query: { limit: number; offset: number }): Promise<{ policies: Policy[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom('policies').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(query.limit).offset(query.offset).execute(),
    db.selectFrom('policies').select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { policies: await withCategories(rows), total: Number(count.total) }
}

/**
 * The versions of these policies, newest first, by policy id. The current one
 * is the newest whose file the policy still shows (none once its document
 * was removed).
 */
export async function listPolicyVersions(policies: readonly Pick<Policy, 'id' | 'fileUrl'>[]): Promise<Map<string, PolicyVersion[]>> {
  const byPolicy = new Map<string, PolicyVersion[]>(policies.map((policy) => [policy.id, []]))
  if (policies.length === 0) return byPolicy
  const fileOf = new Map(policies.map((policy) => [policy.id, policy.fileUrl]))
  const rows = await db
    .selectFrom('policy_versions')
    .selectAll()
    .where(
      'policy_id',
      'in',
      policies.map((policy) => policy.id),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  const currentFound = new Set<string>()
  for (const row of rows) {
    const current = !currentFound.has(row.policy_id) && fileOf.get(row.policy_id) === row.file_url
    if (current) currentFound.add(row.policy_id)
    byPolicy.get(row.policy_id)!.push(toVersion(row, current))
  }
  // Two versions saved within the same millisecond (a script replacing a document at once) have no order of their
  // own: the current one is the newer, so it goes first.
  for (const versions of byPolicy.values()) versions.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || Number(b.current) - Number(a.current))
  return byPolicy
}

/** One version with its policy's title and current document, for a staff download. */
export async function getPolicyVersion(policyId: string, versionId: string) {
  return db
    .selectFrom('policy_versions')
    .innerJoin('policies', 'policies.id', 'policy_versions.policy_id')
    .select(['policy_versions.file_url', 'policy_versions.file_name', 'policies.title'])
    .where('policy_versions.id', '=', versionId)
    .where('policy_versions.policy_id', '=', policyId)
    .executeTakeFirst()
}
