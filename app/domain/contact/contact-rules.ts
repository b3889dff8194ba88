// The contact form's limits and texts without its zod schema, so that the public pages can show them
// without loading zod (docs/product-rules.md#performance-budget); contact.schema.ts builds on them.

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
