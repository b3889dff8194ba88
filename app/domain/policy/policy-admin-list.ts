import { countOf } from '#app/lib/list-params.ts'
import type { PolicyCategory } from './policy.ts'

/** The admin list's category filter (`?category={slug}`, or `none` for policies without one). */
export const POLICY_CATEGORY_PARAM = 'category'

/** The category asked for in the address: a slug, `none`, or '' for all. Whether the slug exists is the list's to check. */
export function readPolicyCategory(url: string | URL): string {
  return (new URL(url).searchParams.get(POLICY_CATEGORY_PARAM) ?? '').trim().slice(0, 200)
}

/** A category with how many policies it holds (the manager) and how many of them match the search (the filter). */
export interface CountedPolicyCategory extends PolicyCategory {
  count: number
  matching: number
}

export const POLICY_LIST_MESSAGES = {
  deletedMany: (count: number) => `${countOf(count, 'policy', 'policies')} deleted`,
} as const
