import { pageOfQuery, requireExistingIds } from '#app/lib/list-page.server.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'
import { containsText } from '#app/lib/text-filter.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { deleteUser, managedUsers, toManagedUser, updateUserAccess } from './user-admin.server.ts'
import type { ManagedUser } from './user-admin.schema.ts'
import type { UserListFilter } from './user-admin-list.ts'

/**
 * One page of the Users list, newest first, of one role, the pending
 * sign-ups, or all; the counts are of the accounts matching the search. An
 * account without a role row counts as a user, as everywhere else.
 */
export async function listUsersForAdmin({
  search = '',
  filter = 'all',
  page = 1,
}: { search?: string; filter?: UserListFilter; page?: number } = {}): Promise<{ users: ManagedUser[]; pages: ListPageInfo; counts: Record<UserListFilter, number> }> {
  const searched = search ? managedUsers().where(containsText(['profiles.full_name', 'profiles.email'], search)) : managedUsers()
  const shown =
    filter === 'all'
      ? searched
      : filter === 'pending'
        ? searched.where('profiles.status', '=', 'pending')
        : filter === 'user'
          ? searched.where((eb) => eb.or([eb('user_roles.role', '=', 'user'), eb('user_roles.role', 'is', null)]))
          : searched.where('user_roles.role', '=', filter)
  const counted = await searched
    .clearSelect()
    .select((eb) => {
      const countWhen = (condition: Parameters<typeof eb.case>[0]) => eb.fn.sum<number | string>(eb.case().when(condition).then(1).else(0).end())
      return [
        eb.fn.countAll<number | string>().as('all'),
        countWhen(eb('user_roles.role', '=', 'admin')).as('admin'),
        countWhen(eb('user_roles.role', '=', 'editor')).as('editor'),
        countWhen(eb('profiles.status', '=', 'pending')).as('pending'),
      ]
    })
    .executeTakeFirstOrThrow()
  const all = Number(counted.all)
  const admin = Number(counted.admin ?? 0)
  const editor = Number(counted.editor ?? 0)
  const counts = { all, admin, editor, user: all - admin - editor, pending: Number(counted.pending ?? 0) }
  // The filter's count is the page's total: the accounts are not counted a second time.
  const { rows, pages } = await pageOfQuery(shown.orderBy('profiles.created_at', 'desc').orderBy('profiles.email').orderBy('profiles.id'), page, undefined, counts[filter])
  return { users: rows.map(toManagedUser), pages, counts }
}

/**
 * Approves the selected accounts that wait as pending, in one write, each as
 * its Approve button does; approved and rejected ones are left as they are
 * (a rejected account is let back in only by editing it). Returns how many
 * were approved.
 */
export async function approvePendingUsers(ids: readonly string[]): Promise<number> {
  return writeTransaction(async (tx) => {
    await requireExistingIds(tx, 'profiles', ids)
    const pending = await tx.db.selectFrom('profiles').select('id').where('id', 'in', ids).where('status', '=', 'pending').execute()
    for (const { id } of pending) await updateUserAccess(id, { status: 'approved' })
    return pending.length
  })
}

/**
 * Deletes the selected accounts in one write, each as its Delete button does:
 * one that is the actor's own, or a deletion that would leave no approved
 * admin, refuses them all with the single delete's message.
 */
export async function deleteUsers(ids: readonly string[], actorId: string): Promise<number> {
  return writeTransaction(async (tx) => {
    await requireExistingIds(tx, 'profiles', ids)
    for (const id of ids) await deleteUser(id, actorId)
    return ids.length
  })
}
