import { z } from 'zod'
import { requiredText } from '#app/lib/schema-helpers.ts'

export const CONTACT_LIMITS = { name: 100, email: 255, message: 1000 } as const
/** At least 3 s between the form appearing and its submission: a person takes longer (docs/product-rules.md#contact-form). */
export const CONTACT_MIN_FILL_MS = 3_000
/** At least 30 s between two successful submissions from one visitor (docs/product-rules.md#contact-form). */
export const CONTACT_SPACING_MS = 30_000
/** At most 5 messages per visitor in 10 minutes, so a patient script cannot fill the inbox. */
export const CONTACT_WINDOW = { max: 5, ms: 10 * 60_000 } as const

/** The texts a visitor sees, as the product rules give them (docs/product-rules.md#messages). */
export const CONTACT_MESSAGES = {
  invalidSubmission: 'Invalid submission detected.',
  tooSoon: 'Please wait before submitting again.',
  tooFast: 'Please take your time filling out the form.',
  failed: 'Failed to send message. Please try again.',
  success: "Thank you! We'll get back to you soon.",
} as const

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
