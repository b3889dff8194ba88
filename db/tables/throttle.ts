import type { ColumnType } from 'kysely'
import type { NullableTimestamp, RequiredTimestamp } from '../columns.ts'

/** One row per visitor (a keyed hash of the client's address group), for the contact form's spacing rule. */
export interface ContactThrottleTable {
  visitor: string
  last_submitted_at: RequiredTimestamp
  /** Start of the visitor's current 10-minute window, and how many messages it holds. */
  window_started_at: NullableTimestamp
  window_count: ColumnType<number, number | undefined, number>
}

/** A contact form token that has been used, kept until it would have expired anyway. */
export interface ContactUsedTokenTable {
  /** The token's random part. */
  token: string
  expires_at: RequiredTimestamp
}

/** Better Auth's request counts per client address and endpoint (rateLimit storage 'database'). */
export interface RateLimitTable {
  id: string
  key: string
  count: number
  /** Milliseconds since 1970 (bigint on PostgreSQL, read back as a string). */
  lastRequest: number | string
}

/** Consecutive failed password sign-ins per e-mail address (lower case), and the lock they led to. */
export interface SignInFailureTable {
  email: string
  /** Failures since the last lock ended (or since the last success). */
  failed_count: ColumnType<number, number | undefined, number>
  /** Locks in a row since the last success: each lasts twice as long as the one before. */
  lock_count: ColumnType<number, number | undefined, number>
  locked_until: NullableTimestamp
}
