import { z } from 'zod'

/** Codes are often typed or pasted with spaces ('123 456'): they do not count. */
const withoutSpaces = z.string().transform((code) => code.replace(/\s/g, ''))

/** The 6-digit code an authenticator app shows. */
export const appCodeSchema = z.object({ code: withoutSpaces.pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')) })

/** One of the backup codes given when two-factor sign-in was turned on. */
export const backupCodeSchema = z.object({ code: withoutSpaces.pipe(z.string().min(1, 'Enter one of your backup codes')) })
