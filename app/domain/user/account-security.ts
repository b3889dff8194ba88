import { z } from 'zod'
import { contactMessageMailsSchema } from '#app/domain/contact/office-notifications.schema.ts'
import { UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'

/** Shown to an editor or admin sent to the account page because the site requires two-factor sign-in. */
export const TWO_FACTOR_FIRST = 'This site requires two-factor sign-in for editors and admins: turn it on in your account first.'

export interface AccountPasskey {
  id: string
  name: string | null
  createdAt: string | null
}

/** On /auth: a sign-in that still needs the code from the authenticator app (where a provider sign-in ends up). */
export const TWO_FACTOR_STEP_PARAM = 'two-factor'
export const TWO_FACTOR_STEP_PATH = `/auth?${TWO_FACTOR_STEP_PARAM}`

/** A passkey that did not check who holds it (PIN, fingerprint, face) is one factor, not two. */
export const PASSKEY_NEEDS_USER_VERIFICATION =
  'This passkey did not check that it is you (with a PIN, fingerprint or face), and your account asks for two-factor sign-in. Sign in with your password and code, or use a passkey that checks.'

/** The admin's switch on the account page: the only form there that is not Better Auth's own. */
export const twoFactorSettingSchema = z.object({
  intent: z.literal('require-two-factor', { error: UNKNOWN_ACTION }),
  required: z.enum(['true', 'false'], { error: UNKNOWN_ACTION }).transform((value) => value === 'true'),
})

/** The forms of the account page that are not Better Auth's own: the admin's site-wide 2FA rule, and one's own contact-message mails. */
export const accountActionSchema = z.discriminatedUnion('intent', [twoFactorSettingSchema, contactMessageMailsSchema], { error: UNKNOWN_ACTION })
