import type { Transaction } from 'kysely'
import { auth } from '#app/lib/auth.server.ts'
import { publishChanges } from '#app/lib/changes.server.ts'
import { database, db } from '#app/lib/db.server.ts'
import type { Database } from '#db/database.ts'
import { readTimestamp } from '#db/portable.ts'
import type { ProfileStatus, Role } from '#db/tables/people.ts'
import { forgetFailedSignIns } from './sign-in-lockout.server.ts'
import { USER_MESSAGES, type NewUser, type UserEdit } from './user-admin.schema.ts'
import { setUserRoleAndStatus } from './user.server.ts'
import { createVerifiedAccount } from './verified-account.server.ts'

export interface ManagedUser {
  id: string
  email: string
  fullName: string | null
  status: ProfileStatus
  role: Role
  createdAt: string
}

/** A write that was refused: nothing changed, and `error` says why. */
export type UserWriteResult = { ok: true; id: string } | { ok: false; error: string; status: 400 | 403 | 404 | 409 }

function refusedWrite(error: string, status: 400 | 403 | 404 | 409): UserWriteResult {
  return { ok: false, error, status }
}

/** Spec §7: profiles newest first, each with its one role. */
export async function listUsers(): Promise<ManagedUser[]> {
  const rows = await db
    .selectFrom('profiles')
    .leftJoin('user_roles', 'user_roles.user_id', 'profiles.id')
    .select(['profiles.id', 'profiles.email', 'profiles.full_name', 'profiles.status', 'profiles.created_at', 'user_roles.role'])
    .orderBy('profiles.created_at', 'desc')
    .orderBy('profiles.email')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    status: row.status,
    role: row.role ?? 'user',
    createdAt: readTimestamp(row.created_at),
  }))
}

/**
 * The approved admins, locked on PostgreSQL until the transaction ends, so
 * two admins demoting each other at once cannot both see "one other admin
 * remains". SQLite runs one write transaction at a time anyway.
 */
async function approvedAdminIds(trx: Transaction<Database>): Promise<string[]> {
  const rows = await trx
    .selectFrom('user_roles')
    .innerJoin('profiles', 'profiles.id', 'user_roles.user_id')
    .select('user_roles.user_id')
    .where('user_roles.role', '=', 'admin')
    .where('profiles.status', '=', 'approved')
    .$if(database.engine === 'postgres', (query) => query.forUpdate())
    .execute()
  return rows.map((row) => row.user_id)
}

/** True when the change would leave the site without an approved admin. */
async function removesLastAdmin(trx: Transaction<Database>, userId: string, next: { role: Role; status: ProfileStatus } | 'deleted') {
  const admins = await approvedAdminIds(trx)
  if (!admins.includes(userId)) return false
  const staysAdmin = next !== 'deleted' && next.role === 'admin' && next.status === 'approved'
  return !staysAdmin && admins.length <= 1
}

async function findAccess(trx: Transaction<Database>, userId: string) {
  return trx
    .selectFrom('profiles')
    .leftJoin('user_roles', 'user_roles.user_id', 'profiles.id')
    .select(['profiles.status', 'user_roles.role'])
    .where('profiles.id', '=', userId)
    .executeTakeFirst()
}

/** 'Add User': an account the admin vouches for, so its address counts as confirmed and it starts approved. */
export async function createUser(input: NewUser): Promise<UserWriteResult> {
  const email = input.email.toLowerCase()
  if (await emailTaken(email)) return refusedWrite(USER_MESSAGES.emailTaken, 409)
  let user: { id: string }
  try {
    user = await createVerifiedAccount({ email, password: input.password, name: input.fullName })
  } catch (error) {
    // Two admins adding the same address at once: the unique index decides.
    if (await emailTaken(email)) return refusedWrite(USER_MESSAGES.emailTaken, 409)
    throw error
  }
  await setUserRoleAndStatus(user.id, input.role, 'approved')
  return { ok: true, id: user.id }
}

async function emailTaken(email: string) {
  return !!(await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst())
}

/**
 * Name, status and role in one transaction (spec §4: the old role row is
 * removed and the new one inserted); the last approved admin keeps both.
 */
export async function updateUserAccess(userId: string, changes: Partial<Pick<UserEdit, 'fullName' | 'status' | 'role'>>): Promise<UserWriteResult> {
  const outcome = await db.transaction().execute(async (trx): Promise<UserWriteResult> => {
    const current = await findAccess(trx, userId)
    if (!current) return refusedWrite(USER_MESSAGES.notFound, 404)
    const next = { role: changes.role ?? current.role ?? 'user', status: changes.status ?? current.status }
    if (await removesLastAdmin(trx, userId, next)) return refusedWrite(USER_MESSAGES.lastAdmin, 409)
    await trx
      .updateTable('profiles')
      .set({ status: next.status, ...(changes.fullName === undefined ? {} : { full_name: changes.fullName }) })
      .where('id', '=', userId)
      .execute()
    if (next.role !== current.role) {
      await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute()
      await trx.insertInto('user_roles').values({ user_id: userId, role: next.role }).execute()
    }
    // A rejected account cannot sign in, so it keeps no session either.
    if (next.status === 'rejected') await trx.deleteFrom('session').where('userId', '=', userId).execute()
    return { ok: true, id: userId }
  })
  if (outcome.ok) await publishChanges({ table: 'profiles', type: 'update', id: userId }, { table: 'user_roles', type: 'update', id: userId })
  return outcome
}

/**
 * A new password set by an admin (the update-user function). The person's
 * other sessions end, as after a reset; an admin changing their own keeps theirs.
 */
export async function setUserPassword(userId: string, password: string, actorId: string): Promise<UserWriteResult> {
  const exists = await db.selectFrom('user').select(['id', 'email']).where('id', '=', userId).executeTakeFirst()
  if (!exists) return refusedWrite(USER_MESSAGES.notFound, 404)
  const context = await auth.$context
  const hash = await context.password.hash(password)
  const credential = await db.selectFrom('account').select('id').where('userId', '=', userId).where('providerId', '=', 'credential').executeTakeFirst()
  // Someone who only ever signed in with Google or Microsoft gets a password sign-in as well.
  if (credential) await context.internalAdapter.updatePassword(userId, hash)
  else await context.internalAdapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password: hash })
  if (userId !== actorId) await context.internalAdapter.deleteUserSessions(userId)
  // A new password lifts a lock of password sign-in, as a reset does.
  await forgetFailedSignIns(exists.email)
  return { ok: true, id: userId }
}

/** Deletes the account with its profile, role and sessions (they cascade), unless it is the actor's own or the last approved admin. */
export async function deleteUser(userId: string, actorId: string): Promise<UserWriteResult> {
  if (userId === actorId) return refusedWrite(USER_MESSAGES.ownAccount, 403)
  const outcome = await db.transaction().execute(async (trx): Promise<UserWriteResult> => {
    const current = await findAccess(trx, userId)
    const user = await trx.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst()
    if (!user) return refusedWrite(USER_MESSAGES.notFound, 404)
    if (current && (await removesLastAdmin(trx, userId, 'deleted'))) return refusedWrite(USER_MESSAGES.lastAdmin, 409)
    await trx.deleteFrom('session').where('userId', '=', userId).execute()
    await trx.deleteFrom('user').where('id', '=', userId).execute()
    return { ok: true, id: userId }
  })
  if (outcome.ok) await publishChanges({ table: 'profiles', type: 'delete', id: userId }, { table: 'user_roles', type: 'delete', id: userId })
  return outcome
}
