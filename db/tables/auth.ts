import type { Bool, NullableTimestamp, RequiredTimestamp, Timestamp } from '../columns.ts'

/** Better Auth's tables, created by our own migration (see docs/decisions/003). */
export interface UserTable {
  id: string
  name: string
  email: string
  emailVerified: Bool
  image: string | null
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
