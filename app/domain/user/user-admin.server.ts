import { containsText } from '#app/lib/text-filter.server.ts'
import { auth } from '#app/services/auth.server.ts'
import { database, db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { readTimestamp } from '#db/portable.ts'
import type { ProfileStatus, Role } from '#db/tables/people.ts'
import { forgetFailedSignIns } from './sign-in-lockout.server.ts'
import { USER_MESSAGES, type ManagedUser, type NewUser, type UserEdit } from './user-admin.schema.ts'
import { createVerifiedAccount } from './verified-account.server.ts'

/** What an admin may change about an account in one go; left out is kept. */
export type AccessChange = Partial<Pick<UserEdit, 'fullName' | 'status' | 'role'>>

const notFound = () => DomainError.notFound(USER_MESSAGES.notFound)
const emailTaken = () => DomainError.conflict(USER_MESSAGES.emailTaken)
const lastAdmin = () => DomainError.conflict(USER_MESSAGES.lastAdmin)

export function managedUsers() {
  return db
    .selectFrom('profiles')
    .leftJoin('user_roles', 'user_roles.user_id', 'profiles.id')
    .select(['profiles.id', 'profiles.email', 'profiles.full_name', 'profiles.status', 'profiles.created_at', 'user_roles.role'])
}

type ManagedUserRow = Awaited<ReturnType<ReturnType<typeof managedUsers>['executeTakeFirstOrThrow']>>

export function toManagedUser(row: ManagedUserRow): ManagedUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    status: row.status,
    role: row.role ?? 'user',
    createdAt: readTimestamp(row.created_at),
  }
}

const newestFirst = () => managedUsers().orderBy('profiles.created_at', 'desc').orderBy('profiles.email')

/** Profiles newest first, each with its one role. */
export async function listUsers({ search = '' }: { search?: string } = {}): Promise<ManagedUser[]> {
  const rows = await (search ? newestFirst().where(containsText(['profiles.full_name', 'profiles.email'], search)) : newestFirst()).execute()
  return rows.map(toManagedUser)
}

/** A page of the Users screen's list, in its order, with how many accounts there are. */
export async function listUsersPage(query: { limit: number; offset: number }): Promise<{ users: ManagedUser[]; total: number }> {
  const [rows, count] = await Promise.all([
    newestFirst().limit(query.limit).offset(query.offset).execute(),
    db.selectFrom('profiles').select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { users: rows.map(toManagedUser), total: Number(count.total) }
}

/** One account as the Users screen shows it, or null. */
export async function getManagedUser(userId: string): Promise<ManagedUser | null> {
  const row = await managedUsers().where('profiles.id', '=', userId).executeTakeFirst()
  return row ? toManagedUser(row) : null
}

async function readBack(tx: WriteTransaction, userId: string): Promise<ManagedUser> {
  const row = await tx.db
    .selectFrom('profiles')
    .leftJoin('user_roles', 'user_roles.user_id', 'profiles.id')
    .select(['profiles.id', 'profiles.email', 'profiles.full_name', 'profiles.status', 'profiles.created_at', 'user_roles.role'])
    .where('profiles.id', '=', userId)
    .executeTakeFirstOrThrow()
  return toManagedUser(row)
}

/**
 * The approved admins, locked on PostgreSQL until the transaction ends, so
 * two admins demoting each other at once cannot both see "one other admin
 * remains". SQLite runs one write transaction at a time anyway.
 */
async function approvedAdminIds(tx: WriteTransaction): Promise<string[]> {
  const rows = await tx.db
    .selectFrom('user_roles')
    .innerJoin('profiles', 'profiles.id', 'user_roles.user_id')
    .select('user_roles.user_id')
    .where('user_roles.role', '=', 'admin')
    .where('profiles.status', '=', 'approved')
    .$if(database.engine === 'postgres', (query) => query.forUpdate())
    .execute()
  return rows.map((row) => row.user_id)
}

/**
 * The site always keeps an approved admin: refuses a change (a demotion, a
 * status other than approved, a deletion) that would leave it without one.
 */
async function keepLastAdmin(tx: WriteTransaction, userId: string, next: { role: Role; status: ProfileStatus } | 'deleted') {
  const staysAdmin = next !== 'deleted' && next.role === 'admin' && next.status === 'approved'
  if (staysAdmin) return
  const admins = await approvedAdminIds(tx)
  if (admins.includes(userId) && admins.length <= 1) throw lastAdmin()
}

/**
 * The one way an account's name, status and role change (the Users screen,
 * the first admin at start-up, 'Add User'): the old role row is removed and
 * the new one inserted, and the last approved admin keeps both. A rejected
 * account cannot sign in, so it keeps no session either.
 */
export async function updateUserAccess(userId: string, changes: AccessChange): Promise<ManagedUser> {
  return writeTransaction(async (tx) => {
    const current = await tx.db
      .selectFrom('profiles')
      .leftJoin('user_roles', 'user_roles.user_id', 'profiles.id')
      .select(['profiles.status', 'user_roles.role'])
      .where('profiles.id', '=', userId)
      .executeTakeFirst()
    if (!current) throw notFound()
    const next = { role: changes.role ?? current.role ?? 'user', status: changes.status ?? current.status }
    await keepLastAdmin(tx, userId, next)
    await tx.db
      .updateTable('profiles')
      .set({ status: next.status, ...(changes.fullName === undefined ? {} : { full_name: changes.fullName }) })
      .where('id', '=', userId)
      .execute()
    if (next.role !== current.role) {
      await tx.db.deleteFrom('user_roles').where('user_id', '=', userId).execute()
      await tx.db.insertInto('user_roles').values({ user_id: userId, role: next.role }).execute()
    }
    if (next.status === 'rejected') await tx.db.deleteFrom('session').where('userId', '=', userId).execute()
    tx.publish({ table: 'profiles', type: 'update', id: userId }, { table: 'user_roles', type: 'update', id: userId })
    return readBack(tx, userId)
  })
}

async function isEmailTaken(email: string) {
  return !!(await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst())
}

/**
 * 'Add User': an account the admin vouches for, so its address counts as
 * confirmed and it starts approved. Better Auth writes the account itself,
 * before our transaction (on SQLite its writes would wait for ours).
 */
export async function createUser(input: NewUser): Promise<ManagedUser> {
  const email = input.email.toLowerCase()
  if (await isEmailTaken(email)) throw emailTaken()
  let user: { id: string }
  try {
    user = await createVerifiedAccount({ email, password: input.password, name: input.fullName })
  } catch (error) {
    // Two admins adding the same address at once: the unique index decides.
    if (await isEmailTaken(email)) throw emailTaken()
    throw error
  }
  return updateUserAccess(user.id, { role: input.role, status: 'approved' })
}

/**
 * A new password set by an admin. The person's other sessions end, as after
 * a reset; an admin changing their own keeps theirs. The password lives in
 * Better Auth's tables, written through its adapter (so outside our
 * transaction), and no page shows it, so no change is announced.
 */
export async function setUserPassword(userId: string, password: string, actorId: string): Promise<void> {
  const user = await db.selectFrom('user').select(['id', 'email']).where('id', '=', userId).executeTakeFirst()
  if (!user) throw notFound()
  const context = await auth.$context
  const hash = await context.password.hash(password)
  const credential = await db.selectFrom('account').select('id').where('userId', '=', userId).where('providerId', '=', 'credential').executeTakeFirst()
  // Someone who only ever signed in with Google or Microsoft gets a password sign-in as well.
  if (credential) await context.internalAdapter.updatePassword(userId, hash)
  else await context.internalAdapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password: hash })
  if (userId !== actorId) await context.internalAdapter.deleteUserSessions(userId)
  // A new password lifts a lock of password sign-in, as a reset does.
  await forgetFailedSignIns(user.email)
}

/** Deletes the account with its profile, role and sessions (they cascade), unless it is the actor's own or the last approved admin. */
export async function deleteUser(userId: string, actorId: string): Promise<void> {
  if (userId === actorId) throw DomainError.forbidden(USER_MESSAGES.ownAccount)
  await writeTransaction(async (tx) => {
    const user = await tx.db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst()
    if (!user) throw notFound()
    await keepLastAdmin(tx, userId, 'deleted')
    await tx.db.deleteFrom('session').where('userId', '=', userId).execute()
    await tx.db.deleteFrom('user').where('id', '=', userId).execute()
    tx.publish({ table: 'profiles', type: 'delete', id: userId }, { table: 'user_roles', type: 'delete', id: userId })
  })
}
