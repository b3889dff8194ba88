import { z } from 'zod'
import { rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { ROLES, type Role } from '#db/tables/people.ts'
import { credentialsSchema } from './credentials.schema.ts'
import { newPasswordSchema } from './password-reset.schema.ts'
import { accountNameSchema, userActionSchema } from './user-admin.schema.ts'

/** How long an invitation link works (docs/product-rules.md#users). */
export const INVITATION_LIFETIME_DAYS = 7

/** The invitation messages (docs/product-rules.md#messages). */
export const INVITATION_MESSAGES = {
  sent: 'Invitation sent',
  resent: 'A new invitation was sent; the earlier link no longer works',
  cancelled: 'Invitation cancelled',
  notFound: 'Invitation not found',
  mailFailed: 'The invitation is saved, but the mail could not be sent. Check the mail settings, then use Resend.',
  invalidLink: "This invitation link has expired or has already been used. Ask your school's admin to send a new invitation.",
  accepted: 'Welcome! Your password is set and you are signed in.',
} as const

/** The Users screen's sign-up setting (docs/product-rules.md#accounts-and-sign-in). */
export const SIGN_UP_SETTING_MESSAGES = {
  label: 'Allow anyone to create an account on the sign-in page',
  description: 'When off, the sign-in page offers no sign-up and only invited staff get accounts.',
  opened: 'Anyone can now create an account on the sign-in page',
  closed: 'Sign-up is closed: only invited staff get accounts',
} as const

/** 'Invite user': the address, an optional name, and the role the account starts with (editor unless chosen). */
export const invitationSchema = z.object({
  email: credentialsSchema.shape.email,
  fullName: accountNameSchema,
  role: z.enum(ROLES, { error: 'Choose a role: user, editor or admin' }).default('editor'),
})

/** The accept page: the password twice, with the sign-up rules (6 to 128 characters). */
export const acceptInvitationSchema = newPasswordSchema.refine((values) => values.password.length <= 128, {
  path: ['password'],
  error: 'Password must be less than 128 characters',
})

export const invitationActionSchema = z.discriminatedUnion(
  'intent',
  [
    invitationSchema.extend({ intent: z.literal('invite') }),
    z.object({ intent: z.literal('resend-invitation'), id: rowId }),
    z.object({ intent: z.literal('cancel-invitation'), id: rowId }),
  ],
  { error: UNKNOWN_ACTION },
)

const publicSignUpSettingSchema = z.object({
  intent: z.literal('public-sign-up'),
  open: z.enum(['true', 'false'], { error: UNKNOWN_ACTION }).transform((value) => value === 'true'),
})

/** Every form of the Users screen: the accounts', the invitations' and the sign-up setting. */
export const usersScreenActionSchema = z.discriminatedUnion('intent', [userActionSchema, invitationActionSchema, publicSignUpSettingSchema], { error: UNKNOWN_ACTION })

/** A pending invitation as the Users screen lists it. */
export interface PendingInvitation {
  id: string
  email: string
  fullName: string | null
  role: Role
  sentAt: string
  /** When the current link stops working. */
  expiresAt: string
  expired: boolean
}

export type Invitation = z.infer<typeof invitationSchema>
