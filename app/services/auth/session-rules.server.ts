import { APIError } from 'better-auth/api'
import { AUTH_MESSAGES } from '#app/domain/user/credentials.schema.ts'
import { readTimestamp } from '#db/portable.ts'
import { db } from '#app/lib/db.server.ts'

/** However active, a session ends this long after its sign-in; Better Auth's own expiry slides with use. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000

export const REJECTED_ACCOUNT = {
  /** A provider sign-in sends this code back to /auth as ?error=…, which shows the message. */
  code: 'ACCOUNT_REJECTED',
  message: AUTH_MESSAGES.accountRejected,
} as const

/**
 * Every sign-in (password, passkey, provider, confirmation link, second
 * factor) ends in a new session: an account an administrator rejected gets none.
 */
export async function refuseSessionForRejectedAccount(session: { userId: string }) {
  const profile = await db.selectFrom('profiles').select('status').where('id', '=', session.userId).executeTakeFirst()
  if (profile?.status === 'rejected') throw new APIError('FORBIDDEN', REJECTED_ACCOUNT)
}

/** Pulls a refreshed session's expiry back to its absolute end when the sliding refresh pushed it past. */
export async function capSessionAtAbsoluteLifetime(session: { id: string; createdAt: Date | string; expiresAt: Date | string }) {
  const end = new Date(readTimestamp(session.createdAt)).getTime() + SESSION_ABSOLUTE_LIFETIME_MS
  if (new Date(readTimestamp(session.expiresAt)).getTime() <= end) return
  await db.updateTable('session').set({ expiresAt: new Date(end).toISOString() }).where('id', '=', session.id).execute()
}
