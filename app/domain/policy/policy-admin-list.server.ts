import { db } from '#app/lib/db.server.ts'
import { pageOfQuery, requireExistingIds } from '#app/lib/list-page.server.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'
import { containsText, countContaining } from '#app/lib/text-filter.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { deletePolicy } from './policy-admin.server.ts'
import type { CountedPolicyCategory } from './policy-admin-list.ts'
import { NO_CATEGORY } from './policy.schema.ts'
import { listPolicyCategories, listPolicyVersions, toPolicy } from './policy.server.ts'
import type { Policy, PolicyVersion } from './policy.ts'

const SEARCHED_COLUMNS = ['title', 'description'] as const

export type ListedPolicy = Policy & { versions: PolicyVersion[] }

/**
 * One page of the admin policy list, drafts too, newest first, searched by
 * title and description, of one category, of none (`NO_CATEGORY`) or of all
 * (''); only the page's policies have their versions read. Every category
 * comes with its policies counted in one grouped query: all of them (the
 * category manager) and those matching the search (the filter). A slug no
 * category has shows all.
 */
export async function listPoliciesForAdmin({ search = '', category = '', page = 1 }: { search?: string; category?: string; page?: number } = {}): Promise<{
  policies: ListedPolicy[]
  pages: ListPageInfo
  categories: CountedPolicyCategory[]
  /** The category shown: its slug, NO_CATEGORY, or '' for all. */
  category: string
  /** Policies without a category matching the search. */
  uncategorized: number
  /** Policies matching the search, in any category. */
  matching: number
}> {
  const [categoryRows, grouped] = await Promise.all([
    listPolicyCategories(),
    db
      .selectFrom('policies')
      .select((eb) => [
        'category_id',
        eb.fn.countAll<number | string>().as('count'),
        countContaining(SEARCHED_COLUMNS, search).as('matching'),
      ])
      .groupBy('category_id')
      .execute(),
  ])
  const counts = new Map(grouped.map((row) => [row.category_id, { count: Number(row.count), matching: Number(row.matching ?? 0) }]))
  const categories = categoryRows.map((each) => ({ ...each, count: counts.get(each.id)?.count ?? 0, matching: counts.get(each.id)?.matching ?? 0 }))
  const uncategorized = counts.get(null)?.matching ?? 0
  const matching = grouped.reduce((sum, row) => sum + Number(row.matching ?? 0), 0)

  const shownCategory = category === NO_CATEGORY ? NO_CATEGORY : (categories.find((each) => each.slug === category) ?? null)
  let shown = db.selectFrom('policies')
  if (search) shown = shown.where(containsText(SEARCHED_COLUMNS, search))
  if (shownCategory === NO_CATEGORY) shown = shown.where('category_id', 'is', null)
  else if (shownCategory) shown = shown.where('category_id', '=', shownCategory.id)
  const { rows, pages } = await pageOfQuery(shown.selectAll().orderBy('created_at', 'desc').orderBy('id'), page)
  const byId = new Map(categoryRows.map((each) => [each.id, each]))
  const policies = rows.map((row) => toPolicy(row, byId))
  const versions = await listPolicyVersions(policies)
  return {
    policies: policies.map((policy) => ({ ...policy, versions: versions.get(policy.id) ?? [] })),
    pages,
    categories,
    category: shownCategory === NO_CATEGORY ? NO_CATEGORY : (shownCategory?.slug ?? ''),
    uncategorized,
    matching,
  }
}

/** Deletes the selected policies in one write, each as the single delete does: their documents go after the commit. */
export async function deletePolicies(ids: readonly string[]): Promise<number> {
  return writeTransaction(async (tx) => {
    await requireExistingIds(tx, 'policies', ids)
    for (const id of ids) await deletePolicy(id)
    return ids.length
  })
}
