import type { Generated } from 'kysely'
import type { Bool, Timestamp } from '../columns.ts'

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
