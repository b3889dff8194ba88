import { data } from 'react-router'
import { SUBSCRIPTION_MESSAGES, type SubscribeFieldErrors, type SubscribeResult } from '#app/domain/subscription/subscription.schema.ts'
import { subscribe } from '#app/domain/subscription/subscription.server.ts'
import { postedFormToken } from '#app/domain/contact/anonymous-form.server.ts'
import { textFields } from '#app/lib/action.server.ts'
import { DomainError, isDomainError } from '#app/lib/errors/domain-error.ts'
import { readForm } from '#app/lib/form-data.server.ts'
import { logger } from '#app/lib/logger.server.ts'

/**
 * The subscription form's action, the same wherever the form is shown (/subscribe
 * and the footer, which posts there): every rule of
 * docs/product-rules.md#subscriptions, answered in the form's own shape. A
 * refusal carries what was chosen, so a form posted without JavaScript fills
 * itself in again.
 */
export async function answerSubscribeForm(request: Request, clientAddress: string) {
  let form: Record<string, string> = {}
  try {
    form = await postedSubscribeForm(request)
    const message = await subscribe({ ...form, formToken: postedFormToken(form.formToken, request.headers.get('cookie')) ?? '' }, clientAddress)
    return { ok: true, message } satisfies SubscribeResult
  } catch (error) {
    const values = { email: form.email ?? '', news: form.news ?? 'off', events: form.events === 'on', alerts: form.alerts === 'on' }
    if (!isDomainError(error)) {
      logger.error({ err: error }, 'storing a subscription failed')
      return data({ ok: false, error: SUBSCRIPTION_MESSAGES.failed, fieldErrors: {}, values } satisfies SubscribeResult, { status: 500 })
    }
    const fieldErrors: SubscribeFieldErrors = {}
    if (error.fields.email) fieldErrors.email = error.fields.email
    if (error.fields.topics ?? error.fields.news) fieldErrors.topics = error.fields.topics ?? error.fields.news
    return data({ ok: false, error: error.message, fieldErrors, values } satisfies SubscribeResult, { status: error.status })
  }
}

async function postedSubscribeForm(request: Request): Promise<Record<string, string>> {
  try {
    return textFields(await readForm(request))
  } catch {
    throw DomainError.invalid(SUBSCRIPTION_MESSAGES.invalidSubmission)
  }
}
