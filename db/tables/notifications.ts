import type { Generated } from 'kysely'
import type { Bool, Json, NullableTimestamp, RequiredTimestamp, Timestamp } from '../columns.ts'

export const ALERT_LEVELS = ['info', 'important', 'emergency'] as const
export type AlertLevel = (typeof ALERT_LEVELS)[number]

export const SCHOOL_STATUSES = ['open', 'closed', 'late_start', 'early_dismissal'] as const
export type SchoolStatus = (typeof SCHOOL_STATUSES)[number]

/** A notice shown on every public page from `starts_at` until `ends_at` (none: until removed); see docs/product-rules.md#alerts. */
export interface AlertTable {
  id: string
  level: AlertLevel
  title: string
  message: Generated<string>
  link: string | null
  starts_at: RequiredTimestamp
  ends_at: NullableTimestamp
  school_status: SchoolStatus | null
  event_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export const NEWS_CHOICES = ['off', 'instant', 'weekly'] as const
export type NewsChoice = (typeof NEWS_CHOICES)[number]

/** A family's e-mail subscription: the address, its choices and dates, nothing more. Unconfirmed until `confirmed_at`. */
export interface SubscriberTable {
  id: string
  email: string
  news: Generated<NewsChoice>
  events: Bool
  alerts: Bool
  /** SHA-256 of the secret in the subscriber's links (docs/product-rules.md#subscriptions); never the secret itself. */
  token_hash: string
  created_at: Timestamp
  confirmed_at: NullableTimestamp
  updated_at: Timestamp
}

/** A browser's Web Push subscription (endpoint and keys as the browser gave them). */
export interface PushSubscriptionTable {
  id: string
  endpoint: string
  p256dh: string
  auth: string
  news: Bool
  alerts: Bool
  created_at: Timestamp
}

export const OUTBOX_CHANNELS = ['mail', 'push'] as const
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number]

/** pending → sending (claimed by one worker) → sent | failed (gave up) | skipped (no longer wanted: the post was unpublished). */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]

/** One mail or push to one recipient, queued with the change that caused it; also the per-recipient delivery log. */
export interface OutboxMessageTable {
  id: string
  /** Which composer builds the message at delivery: `post-published`, `contact-message`, … */
  kind: string
  channel: OutboxChannel
  /** An e-mail address, or a push subscription's id. */
  recipient: string
  subject_table: string | null
  subject_id: string | null
  /** Unique: the same message is queued at most once. */
  dedupe_key: string
  data: Json<Record<string, unknown>> | null
  status: Generated<OutboxStatus>
  attempts: Generated<number>
  deliver_after: Timestamp
  lease_until: NullableTimestamp
  claimed_by: string | null
  last_error: string | null
  /** The mail's subject or the push's title as composed at delivery (null until then), for the delivery log. */
  title: string | null
  created_at: Timestamp
  sent_at: NullableTimestamp
}
