import { z } from 'zod'
import { optionalText, requiredText, rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { imageSourceOrNull } from '#app/lib/url-schemas.ts'
import { PROFILE_STATUSES, ROLES, type ProfileStatus, type Role } from '#db/tables/people.ts'
import { credentialsSchema, PASSWORD_MIN_LENGTH } from './credentials.schema.ts'

/** The Users screen's messages (docs/product-rules.md#messages): each says what happened. */
export const USER_MESSAGES = {
  created: 'User created successfully',
  statusUpdated: 'User status updated successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  notFound: 'User not found',
  emailTaken: 'A user with this email already exists',
  lastAdmin: 'The site needs at least one approved admin: make another user an approved admin first.',
  ownAccount: 'You cannot delete your own account.',
  emailReadOnly: 'Email cannot be changed',
  confirmDelete: 'This action cannot be undone. The user will be deleted and signed out everywhere.',
} as const

const role = z.enum(ROLES, { error: 'Choose a role: user, editor or admin' })
const status = z.enum(PROFILE_STATUSES, { error: 'Choose a status: pending, approved or rejected' })

/** A new password is optional on edit: only typed ones are sent and checked. */
const optionalNewPassword = z
  .string()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || value.length >= PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .refine((value) => value === undefined || value.length <= 128, 'Password must be less than 128 characters')

/** 'Add User' and the create-user function: email, password, full name, role (default user). */
export const newUserSchema = credentialsSchema.extend({
  password: credentialsSchema.shape.password.max(128, 'Password must be less than 128 characters'),
  fullName: requiredText('Full name', 100),
  role: role.default('user'),
})

/** The name an account is created with: sign-up sends none, a script or a provider may send any; empty is none. */
export const accountNameSchema = optionalText('Full name', 100)

/** An account's picture: a file of this site or an http(s) address; empty is none. */
export const accountImageSchema = imageSourceOrNull()

/**
 * The edit dialog: the e-mail cannot be changed; any status; one role; an
 * optional new password. The full name is optional, as at sign-up (which asks
 * for none): an account without one can still be approved or promoted.
 */
export const editUserSchema = z.object({
  fullName: accountNameSchema,
  status,
  role,
  password: optionalNewPassword,
})

/** An account as the Users screen lists it. */
export interface ManagedUser {
  id: string
  email: string
  fullName: string | null
  status: ProfileStatus
  role: Role
  createdAt: string
}

export type NewUser = z.infer<typeof newUserSchema>
export type UserEdit = z.infer<typeof editUserSchema>

export const userActionSchema = z.discriminatedUnion(
  'intent',
  [
    newUserSchema.extend({ intent: z.literal('create') }),
    editUserSchema.extend({ intent: z.literal('update'), id: rowId }),
    z.object({ intent: z.literal('approve'), id: rowId }),
    z.object({ intent: z.literal('reject'), id: rowId }),
    z.object({ intent: z.literal('delete'), id: rowId }),
  ],
  { error: UNKNOWN_ACTION },
)

/** Bodies of the three user functions (docs/product-rules.md#users). */
export const USER_FUNCTIONS = {
  'create-user': newUserSchema,
  'update-user': z.object({ userId: rowId, password: z.string().min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`).max(128) }),
  'delete-user': z.object({ userId: rowId }),
} as const
