import { db } from '#app/lib/db.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import type { ProfileStatus, Role } from '#db/tables/people.ts'

export interface UserAccess {
  role: Role
  status: ProfileStatus
  fullName: string | null
  email: string
}

/**
 * Every new account's profile (status pending) and role 'user'. Better Auth
 * calls this after its own transaction, so it opens one of ours.
 */
export async function createProfileForNewUser(user: { id: string; email: string; name: string }) {
  await writeTransaction(async (tx) => {
    await tx.db
      .insertInto('profiles')
      .values({ id: user.id, email: user.email, full_name: user.name || null, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    await tx.db
      .insertInto('user_roles')
      .values({ user_id: user.id, role: 'user' })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute()
    tx.publish({ table: 'profiles', type: 'insert', id: user.id }, { table: 'user_roles', type: 'insert', id: user.id })
  })
}

/** The role and profile of a user, or null when the user has no role row. */
export async function getUserAccess(userId: string): Promise<UserAccess | null> {
  const row = await db
    .selectFrom('user_roles')
    .innerJoin('profiles', 'profiles.id', 'user_roles.user_id')
    .select(['user_roles.role', 'profiles.status', 'profiles.full_name', 'profiles.email'])
    .where('user_roles.user_id', '=', userId)
    .executeTakeFirst()
  if (!row) return null
  return { role: row.role, status: row.status, fullName: row.full_name, email: row.email }
}

export async function countAdmins(): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
