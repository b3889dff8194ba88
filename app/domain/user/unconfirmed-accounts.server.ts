import type { ExpressionBuilder } from 'kysely'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import type { Database } from '#db/database.ts'

/** An address not confirmed within a day is free again: its account goes (the confirmation link lasts as long). */
export const UNCONFIRMED_ACCOUNT_LIFETIME_MS = 24 * 60 * 60 * 1000

/**
 * A sign-up's account whose address nobody has confirmed: only its password
 * opens it. One a provider sign-in made or joined is left alone.
 */
function isUnconfirmedPasswordAccount(eb: ExpressionBuilder<Database, 'user'>) {
  const providerLogin = eb.selectFrom('account').select('account.id').whereRef('account.userId', '=', 'user.id').where('account.providerId', '!=', 'credential')
  return eb.and([eb('user.emailVerified', '=', false), eb.not(eb.exists(providerLogin))])
}

/** Its sessions, password, profile and role go with the user row (foreign keys cascade). */
function announceRemoved(tx: WriteTransaction, rows: { id: string }[]) {
  for (const { id } of rows) tx.publish({ table: 'profiles', type: 'delete', id }, { table: 'user_roles', type: 'delete', id })
}

/**
 * A new sign-up for an address whose account is still unconfirmed replaces
 * that account, so the password set by whoever signed up first (perhaps not
 * the owner of the address) never comes into force, and every link and
 * sign-up cookie issued for it stops working.
 */
export async function removeUnconfirmedAccount(email: string) {
  await writeTransaction(async (tx) => {
    const removed = await tx.db
      .deleteFrom('user')
      .where('email', '=', email.toLowerCase())
      .where((eb) => isUnconfirmedPasswordAccount(eb))
      .returning('id')
      .execute()
    announceRemoved(tx, removed)
  })
}

export async function removeExpiredUnconfirmedAccounts(now = Date.now()) {
  const cutoff = new Date(now - UNCONFIRMED_ACCOUNT_LIFETIME_MS).toISOString()
  await writeTransaction(async (tx) => {
    const removed = await tx.db
      .deleteFrom('user')
      .where('createdAt', '<', cutoff)
      .where((eb) => isUnconfirmedPasswordAccount(eb))
      .returning('id')
      .execute()
    announceRemoved(tx, removed)
  })
}
