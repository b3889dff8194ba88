import { sql } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readNullableTimestamp } from '#db/portable.ts'

/**
 * Password guessing against one account, from however many addresses: after
 * 5 wrong passwords in a row the account's password sign-in is locked for a
 * minute, and each further lock in a row lasts twice as long, up to 30
 * minutes. A lock expires by itself, so that an attacker can keep the owner
 * from signing in with the password for a while but never for good; passkeys,
 * provider sign-in and a password reset stay open to the owner meanwhile.
 */
export const SIGN_IN_LOCK = {
  freeFailures: 5,
  firstLockMs: 60_000,
  longestLockMs: 30 * 60_000,
} as const

/** How long the n-th lock in a row lasts (n from 1). */
export function lockDuration(lockNumber: number): number {
  return Math.min(SIGN_IN_LOCK.firstLockMs * 2 ** Math.max(0, lockNumber - 1), SIGN_IN_LOCK.longestLockMs)
}

/** Counted per address as Better Auth finds accounts: in lower case. */
function keyOf(email: string) {
  return email.trim().toLowerCase()
}

/** Milliseconds left of the address's lock, or null when password sign-in is open. */
export async function lockRemainingMs(email: string, now = new Date()): Promise<number | null> {
  const row = await db.selectFrom('sign_in_failures').select('locked_until').where('email', '=', keyOf(email)).executeTakeFirst()
  const lockedUntil = row ? readNullableTimestamp(row.locked_until) : null
  if (!lockedUntil) return null
  const remaining = Date.parse(lockedUntil) - now.getTime()
  return remaining > 0 ? remaining : null
}

/**
 * Counts a wrong password for the address, and locks it at the 5th failure.
 * Both steps are single statements, so concurrent failures neither get lost
 * nor start two locks. Failures that arrive while a lock holds (checked
 * before it started) are not counted. Answers whether this failure started
 * the first lock of a series, which is when the owner is told.
 */
export async function recordFailedSignIn(email: string, now = new Date()): Promise<{ firstLockStarted: boolean }> {
  const key = keyOf(email)
  const nowText = now.toISOString()
  const counted = await db
    .insertInto('sign_in_failures')
    .values({ email: key, failed_count: 1 })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({ failed_count: sql`sign_in_failures.failed_count + 1` })
        .where(sql<boolean>`sign_in_failures.locked_until is null or sign_in_failures.locked_until <= ${nowText}`),
    )
    .returning(['failed_count', 'lock_count'])
    .executeTakeFirst()
  if (!counted || counted.failed_count < SIGN_IN_LOCK.freeFailures) return { firstLockStarted: false }
  const lockNumber = counted.lock_count + 1
  const locked = await db
    .updateTable('sign_in_failures')
    .set({
      failed_count: 0,
      lock_count: lockNumber,
      locked_until: new Date(now.getTime() + lockDuration(lockNumber)).toISOString(),
    })
    .where('email', '=', key)
    .where('failed_count', '>=', SIGN_IN_LOCK.freeFailures)
    .returning('lock_count')
    .executeTakeFirst()
  return { firstLockStarted: locked?.lock_count === 1 }
}

/** A right password or a new one ends the series: the next failures start from nothing. */
export async function forgetFailedSignIns(email: string) {
  await db.deleteFrom('sign_in_failures').where('email', '=', keyOf(email)).execute()
}
