import type { FieldErrors } from '#app/lib/action-result.ts'

/**
 * The sign-in page's forms and the new-password form post to their route's
 * action, before the page's scripts run and after: one answer, one set of
 * messages (the server's), whichever way the form was sent.
 */
export const AUTH_FORM_INTENTS = ['sign-in', 'sign-up', 'request-reset', 'verify-code', 'verify-backup-code', 'reset-password'] as const
export type AuthFormIntent = (typeof AUTH_FORM_INTENTS)[number]

export type AuthFormResult =
  | {
      ok: true
      intent: AuthFormIntent
      /** The words to show; empty when the page moves on instead (to the second step). */
      message: string
      /** The password was right and the account asks for its code next. */
      secondStep?: boolean
    }
  | {
      ok: false
      intent: AuthFormIntent
      error: string
      fieldErrors: FieldErrors
      /** A new-password form whose emailed link is used up, expired or unknown. */
      linkInvalid?: boolean
      /** The address typed, so a form posted without scripts fills it in again (never a password or code). */
      email?: string
    }

/** The screens of /auth; without scripts each is its own address (?view=…), with them the page switches in place. */
export const AUTH_VIEWS = ['sign-in', 'sign-up', 'forgot-password', 'two-factor', 'backup-code'] as const
export type AuthView = (typeof AUTH_VIEWS)[number]

/** The screen to show after an answer: the form that was sent, or the step it leads to. */
export function viewAfter(result: AuthFormResult): AuthView | undefined {
  switch (result.intent) {
    case 'sign-in':
      return result.ok && result.secondStep ? 'two-factor' : 'sign-in'
    case 'sign-up':
      return result.ok ? 'sign-in' : 'sign-up'
    case 'request-reset':
      return 'forgot-password'
    case 'verify-code':
      return 'two-factor'
    case 'verify-backup-code':
      return 'backup-code'
    case 'reset-password':
      return undefined
  }
}
