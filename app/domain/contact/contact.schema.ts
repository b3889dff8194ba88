import { z } from 'zod'
import { requiredText } from '#app/lib/schema-helpers.ts'
import { CONTACT_LIMITS, CONTACT_MESSAGES } from './contact-rules.ts'

export { CONTACT_LIMITS, CONTACT_MESSAGES, CONTACT_MIN_FILL_MS, CONTACT_SPACING_MS, CONTACT_WINDOW } from './contact-rules.ts'

/** One schema for the browser's live feedback and the server's check. */
export const contactMessageSchema = z.object({
  name: requiredText('Name', CONTACT_LIMITS.name),
  email: requiredText('Email', CONTACT_LIMITS.email).pipe(z.email('Invalid email address')),
  message: requiredText('Message', CONTACT_LIMITS.message),
  // The hidden spam trap: people never see it, bots fill it in.
  website: z.string().max(0, CONTACT_MESSAGES.invalidSubmission).optional(),
})

export type ContactMessageInput = z.infer<typeof contactMessageSchema>
export type ContactField = 'name' | 'email' | 'message'
export type ContactFieldErrors = Partial<Record<ContactField, string>>

export type ContactFormCheck =
  | { ok: true; data: ContactMessageInput }
  | { ok: false; error: string; fieldErrors: ContactFieldErrors }

/**
 * The checks both sides make, in the order both report them: the spam trap
 * first, then each field's first problem.
 */
export function checkContactForm(values: Record<string, unknown>): ContactFormCheck {
  const parsed = contactMessageSchema.safeParse(values)
  if (parsed.success) return { ok: true, data: parsed.data }
  const fieldErrors: ContactFieldErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if (field === 'website') return { ok: false, error: CONTACT_MESSAGES.invalidSubmission, fieldErrors: {} }
    if ((field === 'name' || field === 'email' || field === 'message') && !fieldErrors[field]) fieldErrors[field] = issue.message
  }
  return { ok: false, error: Object.values(fieldErrors)[0] ?? CONTACT_MESSAGES.invalidSubmission, fieldErrors }
}

/** What the contact action answers; `values` lets a form posted without JavaScript refill itself. */
export type ContactFormResult =
  | { ok: true }
  | { ok: false; error: string; fieldErrors: ContactFieldErrors; values: Record<ContactField, string> }
