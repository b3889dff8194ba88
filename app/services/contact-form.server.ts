import { data } from 'react-router'
import { CONTACT_MESSAGES, type ContactFieldErrors, type ContactFormResult } from '#app/domain/contact/contact.schema.ts'
import { submitContactMessage } from '#app/domain/contact/contact.server.ts'
import { postedFormToken } from '#app/domain/contact/anonymous-form.server.ts'
import { textFields } from '#app/lib/action.server.ts'
import { DomainError, isDomainError } from '#app/lib/errors/domain-error.ts'
import { readForm } from '#app/lib/form-data.server.ts'
import { logger } from '#app/lib/logger.server.ts'

/**
 * The contact form's action, the same wherever the form is shown (the home
 * page and /contact): the posted message goes through `submitContactMessage`
 * and every rule of docs/product-rules.md#contact-form, and the answer is
 * the form's own `ContactFormResult`.
 */
export async function answerContactForm(request: Request, clientAddress: string) {
  let form: Record<string, string> = {}
  try {
    form = await postedContactForm(request)
    await submitContactMessage({ ...form, formToken: postedFormToken(form.formToken, request.headers.get('cookie')) ?? '' }, clientAddress)
    return { ok: true } satisfies ContactFormResult
  } catch (error) {
    return contactRefusal(error, form)
  }
}

/** The posted fields; a body that is not a form is no visitor's message. */
async function postedContactForm(request: Request): Promise<Record<string, string>> {
  try {
    return textFields(await readForm(request))
  } catch {
    throw DomainError.invalid(CONTACT_MESSAGES.invalidSubmission)
  }
}

const CONTACT_FIELDS = ['name', 'email', 'message'] as const

/**
 * The contact form answers in its own shape, not the admin `ActionResult`:
 * a refusal carries what was typed, so a form posted without JavaScript fills
 * itself in again, and only its three fields have a place for a message. A
 * message that could not be stored is told in words (500), not with the error page.
 */
function contactRefusal(error: unknown, form: Record<string, string>) {
  const values = { name: form.name ?? '', email: form.email ?? '', message: form.message ?? '' }
  if (!isDomainError(error)) {
    logger.error({ err: error }, 'storing a contact message failed')
    return data({ ok: false, error: CONTACT_MESSAGES.failed, fieldErrors: {}, values } satisfies ContactFormResult, { status: 500 })
  }
  const fieldErrors: ContactFieldErrors = {}
  for (const field of CONTACT_FIELDS) if (error.fields[field]) fieldErrors[field] = error.fields[field]
  return data({ ok: false, error: error.message, fieldErrors, values } satisfies ContactFormResult, { status: error.status })
}
