import { countOf } from '#app/lib/list-params.ts'

/** The Users list's `?show=`: every account, one role, or the sign-ups waiting for approval (docs/product-rules.md#users). */
export const USER_LIST_FILTER = { values: ['all', 'admin', 'editor', 'user', 'pending'], fallback: 'all' } as const
export type UserListFilter = (typeof USER_LIST_FILTER.values)[number]

export const USER_LIST_MESSAGES = {
  approved: (count: number) => `${countOf(count, 'user')} approved`,
  deletedMany: (count: number) => `${countOf(count, 'user')} deleted`,
  none: (filter: UserListFilter) => (filter === 'all' ? 'No users found' : filter === 'pending' ? 'No users are waiting for approval.' : `No users with the ${filter} role.`),
} as const
