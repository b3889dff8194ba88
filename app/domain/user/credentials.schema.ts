import { z } from 'zod'

export const PASSWORD_MIN_LENGTH = 6

/** Sign-in and sign-up: email and password required; password minimum 6 characters (docs/product-rules.md#accounts-and-sign-in). */
export const credentialsSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Invalid email address')),
  password: z.string().min(1, 'Password is required').min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
})

export type Credentials = z.infer<typeof credentialsSchema>

/** The sign-in messages, word for word as staff expect them (docs/product-rules.md#messages). */
export const AUTH_MESSAGES = {
  accessDenied: "Access denied. You don't have admin permissions. Please contact an administrator.",
  signedIn: 'Logged in successfully',
  signedUp: 'Account created successfully. Please check your email.',
  signedOut: 'Logged out successfully',
  sessionExpired: 'Session expired. Please sign in again.',
  accountRejected: 'This account has been rejected. Please contact an administrator.',
  signUpClosed: "New accounts cannot be created here. Ask your school's admin to send you an invitation.",
} as const

/** On /auth after a Logout whose sign-out call failed: show the form rather than return to /admin. */
export const LOGGED_OUT_PARAM = 'logged_out'

/** The answer code of a sign-up refused while sign-up is closed; a provider sign-in brings it back to /auth as ?error=…. */
export const SIGN_UP_CLOSED_CODE = 'SIGN_UP_CLOSED'
