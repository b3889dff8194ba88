import { z } from 'zod'
import { credentialsSchema } from './credentials.schema.ts'

/** Where the emailed link lands (through Better Auth, which adds the token). */
export const RESET_PASSWORD_PATH = '/auth/reset-password'

/** Password reset messages, in the tone of the other sign-in messages (docs/product-rules.md#messages). */
export const PASSWORD_RESET_MESSAGES = {
  // The same answer whether or not the address has an account, so the form reveals no accounts.
  requested: 'If an account exists for that email, we have sent a link to reset the password. Please check your email.',
  invalidLink: 'This password reset link is invalid or has expired. Please ask for a new one.',
  passwordsDiffer: 'Passwords do not match',
  done: 'Password updated successfully. Please sign in with your new password.',
} as const

export const forgotPasswordSchema = credentialsSchema.pick({ email: true })

export const newPasswordSchema = z
  .object({
    password: credentialsSchema.shape.password,
    confirmPassword: z.string().min(1, 'Please confirm the password'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: PASSWORD_RESET_MESSAGES.passwordsDiffer,
  })
