import { data, redirect } from 'react-router'
import type { z } from 'zod'
import { appCodeSchema, backupCodeSchema } from '#app/domain/user/two-factor-codes.ts'
import { AUTH_FORM_INTENTS, type AuthFormIntent, type AuthFormResult } from '#app/domain/user/auth-forms.ts'
import { AUTH_MESSAGES, credentialsSchema } from '#app/domain/user/credentials.schema.ts'
import { forgotPasswordSchema, newPasswordSchema, PASSWORD_RESET_MESSAGES, RESET_PASSWORD_PATH } from '#app/domain/user/password-reset.schema.ts'
import { fieldErrorsOf } from '#app/lib/action-result.ts'
import { NOT_A_FORM, textFields } from '#app/lib/action.server.ts'
import { withClientAddress } from '#app/lib/auth-rate-limit.server.ts'
import { readForm } from '#app/lib/form-data.server.ts'
import { auth } from '#app/services/auth.server.ts'

/** Where a finished sign-in goes. */
const SIGNED_IN_PATH = '/admin'

type Refusal = {
  status: number
  error: string
  fieldErrors?: Record<string, string>
  linkInvalid?: boolean
  /** Better Auth's cookies, which a refusal may set too (the browser that showed the right password, say). */
  headers?: Headers
}
type Refuse = (intent: AuthFormIntent, refusal: Refusal) => ReturnType<typeof refusedWith>

/**
 * The answer to a form of /auth or /auth/reset-password, posted by the
 * browser (before the scripts run, or with them off) or by the hydrated
 * page: the form is checked with the schema the browser uses, then sent to
 * Better Auth's own endpoint through its handler, so its rate limits,
 * lockout and hooks apply exactly as to a call from the browser, and its
 * cookies are passed on. A finished sign-in redirects to /admin.
 */
export async function answerAuthForm(request: Request, clientAddress: string, allowed: readonly AuthFormIntent[]) {
  let fields: Record<string, string>
  try {
    fields = textFields(await readForm(request))
  } catch {
    return refusedWith('sign-in', { status: 400, error: NOT_A_FORM })
  }
  const intent = AUTH_FORM_INTENTS.find((known) => known === fields.intent && allowed.includes(known))
  if (!intent) return refusedWith('sign-in', { status: 400, error: NOT_A_FORM })
  const call = (path: string, body: Record<string, unknown>) => callAuthEndpoint(request, clientAddress, path, body)
  const refused: Refuse = (refusedIntent, refusal) => refusedWith(refusedIntent, refusal, fields.email)

  switch (intent) {
    case 'sign-in': {
      const credentials = checked(credentialsSchema, fields)
      if ('error' in credentials) return refused(intent, credentials)
      const answer = await call('/sign-in/email', credentials.values)
      if (!answer.ok) return refused(intent, await refusalOf(answer))
      const body = (await answer.json()) as { twoFactorRedirect?: boolean }
      if (body.twoFactorRedirect) return data({ ok: true, intent, message: '', secondStep: true } satisfies AuthFormResult, { headers: cookiesOf(answer) })
      return redirect(SIGNED_IN_PATH, { headers: cookiesOf(answer) })
    }
    case 'sign-up': {
      const credentials = checked(credentialsSchema, fields)
      if ('error' in credentials) return refused(intent, credentials)
      const answer = await call('/sign-up/email', { ...credentials.values, name: '' })
      if (!answer.ok) return refused(intent, await refusalOf(answer))
      // No session yet: the link in the confirmation mail signs the person in.
      return data({ ok: true, intent, message: AUTH_MESSAGES.signedUp } satisfies AuthFormResult, { headers: cookiesOf(answer) })
    }
    case 'request-reset': {
      const address = checked(forgotPasswordSchema, fields)
      if ('error' in address) return refused(intent, address)
      const answer = await call('/request-password-reset', { email: address.values.email, redirectTo: RESET_PASSWORD_PATH })
      if (!answer.ok) return refused(intent, await refusalOf(answer))
      return { ok: true, intent, message: PASSWORD_RESET_MESSAGES.requested } satisfies AuthFormResult
    }
    case 'verify-code':
    case 'verify-backup-code': {
      const code = checked(intent === 'verify-code' ? appCodeSchema : backupCodeSchema, fields)
      if ('error' in code) return refused(intent, code)
      const answer = await call(intent === 'verify-code' ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code', { code: code.values.code })
      if (!answer.ok) return refused(intent, await refusalOf(answer))
      return redirect(SIGNED_IN_PATH, { headers: cookiesOf(answer) })
    }
    case 'reset-password': {
      const passwords = checked(newPasswordSchema, fields)
      if ('error' in passwords) return refused(intent, passwords)
      const answer = await call('/reset-password', { newPassword: passwords.values.password, token: fields.token ?? '' })
      if (!answer.ok) {
        const refusal = await refusalOf(answer)
        // Better Auth names an unknown, used or expired link only by the word 'token'.
        const linkInvalid = answer.status === 400 && /token/i.test(refusal.error)
        return refused(intent, linkInvalid ? { ...refusal, error: PASSWORD_RESET_MESSAGES.invalidLink, linkInvalid } : refusal)
      }
      return { ok: true, intent, message: PASSWORD_RESET_MESSAGES.done } satisfies AuthFormResult
    }
  }
}

function checked<Schema extends z.ZodType>(schema: Schema, fields: Record<string, string>): { values: z.output<Schema> } | Refusal {
  const parsed = schema.safeParse(fields)
  if (parsed.success) return { values: parsed.data }
  const fieldErrors = fieldErrorsOf(parsed.error)
  return { status: 400, error: Object.values(fieldErrors)[0] ?? NOT_A_FORM, fieldErrors }
}

function refusedWith(intent: AuthFormIntent, { status, error, fieldErrors = {}, linkInvalid, headers }: Refusal, email?: string) {
  return data({ ok: false, intent, error, fieldErrors, ...(linkInvalid ? { linkInvalid } : {}), ...(email ? { email } : {}) } satisfies AuthFormResult, { status, headers })
}

/** Better Auth's refusal in its own words, as its browser client would show them. */
async function refusalOf(answer: Response): Promise<Refusal> {
  const body = (await answer.json().catch(() => ({}))) as { message?: unknown }
  return { status: answer.status, error: typeof body.message === 'string' && body.message ? body.message : answer.statusText, headers: cookiesOf(answer) }
}

function cookiesOf(answer: Response): Headers {
  const headers = new Headers()
  for (const cookie of answer.headers.getSetCookie()) headers.append('set-cookie', cookie)
  return headers
}

/** The endpoint called as the browser's client would call it: the visitor's cookies, origin and address, a JSON body. */
function callAuthEndpoint(request: Request, clientAddress: string, path: string, body: Record<string, unknown>) {
  const headers = new Headers(request.headers)
  headers.delete('content-length')
  headers.set('content-type', 'application/json')
  const call = new Request(new URL(`/api/auth${path}`, request.url), { method: 'POST', headers, body: JSON.stringify(body) })
  return auth.handler(withClientAddress(call, clientAddress))
}
