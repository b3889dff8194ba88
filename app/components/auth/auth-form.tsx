import type { ReactNode } from 'react'
import { useActionData, useFetcher } from 'react-router'
import type { z } from 'zod'
import { FormAlert } from '#app/components/auth/emailed-link-page.tsx'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import type { AuthFormIntent, AuthFormResult } from '#app/domain/user/auth-forms.ts'
import { refusedFieldErrors, type FieldErrors } from '#app/lib/action-result.ts'

/** One fetcher for the forms of the sign-in pages: each page shows one form at a time. */
const AUTH_FETCHER_KEY = 'auth-form'

/**
 * The latest answer of the page's action: the fetcher's once the page is
 * interactive, or the page's own for a form posted before its scripts ran.
 */
export function useAuthAnswer() {
  const fetcher = useFetcher<AuthFormResult>({ key: AUTH_FETCHER_KEY })
  const documentAnswer = useActionData<AuthFormResult | undefined>()
  return { fetcher, answer: fetcher.data ?? documentAnswer, documentAnswer, sending: fetcher.state !== 'idle' }
}

/**
 * A form of the sign-in pages: a plain HTML form posted to the route's
 * action until the page is interactive, then sent by the fetcher to the
 * same action. The schema gives live messages; the server's field messages
 * and, for a form posted without scripts, its refusal show in the page
 * (the hydrated page toasts the refusal instead).
 */
export function AuthForm<Schema extends z.ZodType>({
  action,
  intent,
  schema,
  className = 'space-y-4',
  children,
}: {
  /** Where to post: /auth without its query (a returned error, a view), which the answer replaces; by default the page's own address. */
  action?: string
  intent: AuthFormIntent
  schema: Schema
  className?: string
  /** Given the field messages, and the address a refused post carried (to fill in again). */
  children: (errors: FieldErrors, typedEmail: string | undefined) => ReactNode
}) {
  const { fetcher, answer, documentAnswer } = useAuthAnswer()
  const own = answer?.intent === intent ? answer : undefined
  const validation = useFormValidation({ schema, serverErrors: refusedFieldErrors(own) })
  const pageRefusal = documentAnswer && !documentAnswer.ok && documentAnswer.intent === intent && !fetcher.data ? documentAnswer : undefined
  return (
    <fetcher.Form method="post" action={action} {...validation.form} className={className}>
      {pageRefusal && Object.keys(pageRefusal.fieldErrors).length === 0 && !pageRefusal.linkInvalid ? <FormAlert message={pageRefusal.error} /> : null}
      <input type="hidden" name="intent" value={intent} />
      {children(validation.errors, own && !own.ok ? own.email : undefined)}
    </fetcher.Form>
  )
}

/** A success in words, boxed as the page's answer. */
export function FormNotice({ message }: { message: string }) {
  return (
    <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
      {message}
    </p>
  )
}

/**
 * A button that moves to another screen of /auth: without scripts it asks
 * for the screen's address (?view=…) through the page's view form; once the
 * page is interactive it switches in place.
 */
export function ViewSwitch({ to, onSwitch, className, children }: { to: string; onSwitch: () => void; className: string; children: ReactNode }) {
  return (
    <button
      type="submit"
      form={VIEW_FORM_ID}
      name="view"
      value={to}
      formNoValidate
      className={className}
      onClick={(event) => {
        event.preventDefault()
        onSwitch()
      }}
    >
      {children}
    </button>
  )
}

export const VIEW_FORM_ID = 'auth-view'

/** The form the view switches submit before the page is interactive: a GET of /auth with the chosen view. */
export function ViewForm() {
  return <form id={VIEW_FORM_ID} method="get" action="/auth" hidden />
}
