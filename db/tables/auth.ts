import type { ColumnType } from 'kysely'
import type { Bool, NullableTimestamp, RequiredTimestamp, Timestamp } from '../columns.ts'

/** Better Auth's tables, created by our own migration (see docs/decisions/003). */
export interface UserTable {
  id: string
  name: string
  email: string
  emailVerified: Bool
  image: string | null
  /** Better Auth's two-factor plugin. */
  twoFactorEnabled: ColumnType<boolean | number | null, boolean | undefined, boolean>
  createdAt: RequiredTimestamp
  updatedAt: RequiredTimestamp
}

export interface SessionTable {
  id: string
  expiresAt: RequiredTimestamp
  token: string
  createdAt: RequiredTimestamp
  updatedAt: RequiredTimestamp
  ipAddress: string | null
  userAgent: string | null
  userId: string
}

export interface AccountTable {
  id: string
  accountId: string
  providerId: string
  userId: string
  accessToken: string | null
  refreshToken: string | null
  idToken: string | null
  accessTokenExpiresAt: NullableTimestamp
  refreshTokenExpiresAt: NullableTimestamp
  scope: string | null
  password: string | null
  createdAt: RequiredTimestamp
  updatedAt: RequiredTimestamp
}

export interface VerificationTable {
  id: string
  identifier: string
  value: string
  expiresAt: RequiredTimestamp
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** Better Auth's two-factor plugin: the TOTP secret and backup codes, both encrypted with the auth secret. */
export interface TwoFactorTable {
  id: string
  secret: string
  backupCodes: string
  userId: string
  verified: ColumnType<boolean | number | null, boolean | undefined, boolean>
  failedVerificationCount: ColumnType<number | null, number | undefined, number>
  lockedUntil: NullableTimestamp
}

/** Better Auth's passkey plugin: one WebAuthn credential. */
export interface PasskeyTable {
  id: string
  name: string | null
  publicKey: string
  userId: string
  credentialID: string
  counter: number
  deviceType: string
  backedUp: Bool
  transports: string | null
  createdAt: NullableTimestamp
  aaguid: string | null
}

/** Better Auth's API-key plugin: one key of the content API, kept as a hash; its role is in `permissions`. */
export interface ApiKeyTable {
  id: string
  configId: ColumnType<string, string | undefined, string>
  name: string | null
  /** The key's first characters, so people can tell their keys apart. */
  start: string | null
  /** The user who owns the key. */
  referenceId: string
  prefix: string | null
  /** SHA-256 of the key, base64url. */
  key: string
  refillInterval: number | null
  refillAmount: number | null
  lastRefillAt: NullableTimestamp
  enabled: ColumnType<boolean | number | null, boolean | undefined, boolean>
  rateLimitEnabled: ColumnType<boolean | number | null, boolean | undefined, boolean>
  rateLimitTimeWindow: number | null
  rateLimitMax: number | null
  requestCount: ColumnType<number | null, number | undefined, number>
  remaining: number | null
  lastRequest: NullableTimestamp
  expiresAt: NullableTimestamp
  createdAt: RequiredTimestamp
  updatedAt: RequiredTimestamp
  /** JSON, e.g. {"role":["editor"]}. */
  permissions: string | null
  metadata: string | null
}
