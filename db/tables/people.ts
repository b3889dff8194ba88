import type { Generated } from 'kysely'
import type { Bool, RequiredTimestamp, Timestamp } from '../columns.ts'

export const ROLES = ['user', 'editor', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const PROFILE_STATUSES = ['pending', 'approved', 'rejected'] as const
export type ProfileStatus = (typeof PROFILE_STATUSES)[number]

/** One row per auth user, same id. */
export interface ProfileTable {
  id: string
  full_name: string | null
  email: string
  status: Generated<ProfileStatus>
  created_at: Timestamp
  /** This staff member gets a mail for each new contact message. */
  notify_contact_messages: Bool
}

/** Exactly one role per user: user_id is the primary key. */
export interface UserRoleTable {
  user_id: string
  role: Generated<Role>
}

/** An invitation to an address without an account yet; the account is made when the link is used. */
export interface StaffInvitationTable {
  id: string
  email: string
  full_name: string | null
  role: Role
  /** The Better Auth verification row holding the current link's hashed secret. */
  verification_id: string | null
  sent_at: RequiredTimestamp
  created_at: Timestamp
}
