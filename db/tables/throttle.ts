import type { RequiredTimestamp } from '../columns.ts'

/** One row per visitor (a SHA-256 hash of the client address), for the contact form's spacing rule. */
export interface ContactThrottleTable {
  visitor: string
  last_submitted_at: RequiredTimestamp
}
