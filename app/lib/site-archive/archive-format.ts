import type { TableName } from '#db/database.ts'

/**
 * What a site archive holds, and in which order: a manifest, then each
 * table's rows in batches (parents before the rows that refer to them), then
 * every stored file. Restoring reads it front to back in one pass.
 */
export const ARCHIVE_FORMAT = 'school-website-archive'
export const ARCHIVE_VERSION = 1
export const MANIFEST_ENTRY = 'manifest.json'
/**
 * The secret that signed sessions and encrypts two-factor secrets: without
 * it a restored site's authenticator codes would no longer match.
 */
export const AUTH_SECRET_ENTRY = 'secrets/auth-secret'
/**
 * The key pair that signs Web Push messages: browsers' subscriptions are
 * bound to its public key, so a restored site without it could push to no
 * one. Archives made before push notifications lack it.
 */
export const VAPID_KEYS_ENTRY = 'secrets/vapid-keys.json'

/** The tables a site is made of, each with a unique column to read it in a stable order. */
export const ARCHIVED_TABLES = [
  { table: 'user', key: 'id' },
  { table: 'account', key: 'id' },
  { table: 'profiles', key: 'id' },
  { table: 'user_roles', key: 'user_id' },
  { table: 'twoFactor', key: 'id' },
  { table: 'passkey', key: 'id' },
  // Content API keys (hashes): a restored site keeps its scripts working.
  { table: 'apikey', key: 'id' },
  { table: 'site_settings', key: 'key' },
  { table: 'sections', key: 'id' },
  { table: 'themes', key: 'id' },
  { table: 'blogs', key: 'id' },
  { table: 'event_categories', key: 'id' },
  { table: 'events', key: 'id' },
  { table: 'policies', key: 'id' },
  { table: 'policy_categories', key: 'id' },
  { table: 'policy_versions', key: 'id' },
  { table: 'testimonials', key: 'id' },
  { table: 'gallery_folders', key: 'id' },
  { table: 'gallery', key: 'id' },
  { table: 'media', key: 'id' },
  { table: 'contact_messages', key: 'id' },
  { table: 'revisions', key: 'id' },
  { table: 'pages', key: 'id' },
  { table: 'menu_items', key: 'id' },
  { table: 'staff_members', key: 'id' },
  { table: 'alerts', key: 'id' },
  // Families' choices: a restored site goes on sending what they asked for.
  { table: 'subscribers', key: 'id' },
  { table: 'push_subscriptions', key: 'id' },
  // Pending invitations stay listed; their links do not survive (verification is transient): Resend mails a new one.
  { table: 'staff_invitations', key: 'id' },
] as const satisfies readonly { table: TableName; key: string }[]

/**
 * Left out on purpose: sign-in sessions and one-time links (a restored site
 * asks everyone to sign in again; old links must not work there), and the
 * counters of rate limits, failed sign-ins and the contact form's used tokens;
 * and the outbox: a restored site must not send again what the old one sent.
 */
export const TRANSIENT_TABLES = ['session', 'verification', 'rateLimit', 'contact_throttle', 'contact_used_tokens', 'sign_in_failures', 'outbox_messages'] as const satisfies readonly TableName[]

/**
 * Built from the archived tables, so left out too: the site search index. A
 * restore empties it and the restored site builds it again when it starts
 * (an empty index beside content is rebuilt; docs/decisions/018-site-search.md).
 */
export const DERIVED_TABLES = ['search_index'] as const satisfies readonly TableName[]

/**
 * Archived tables a fresh site's migrations fill (its default header and
 * footer menus): rows there alone do not make a site "have content", and a
 * restore replaces them with the archive's.
 */
export const MIGRATION_FILLED_TABLES = ['menu_items'] as const satisfies readonly TableName[]

export type ArchivedTable = (typeof ARCHIVED_TABLES)[number]['table']

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT
  version: typeof ARCHIVE_VERSION
  createdAt: string
  /** The engine the archive was made from; any engine can restore it. */
  engine: 'sqlite' | 'postgres'
  /** Migrations applied to the source, in order: the schema the rows fit. */
  migrations: string[]
  rows: Record<ArchivedTable, number>
}

/** Rows per archive entry: bounds the memory a backup or restore needs whatever the table's size. */
export const ROWS_PER_ENTRY = 500

export const tableEntryName = (table: ArchivedTable, batch: number) => `database/${table}/${String(batch).padStart(6, '0')}.ndjson`
export const fileEntryName = (bucket: string, key: string) => `files/${bucket}/${key}`
