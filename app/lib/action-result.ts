import type { z } from 'zod'

export type FieldErrors = Record<string, string>

/** What every admin action answers: a success message for the toast, or the error and each field's first problem. */
export type ActionResult = { ok: true; message: string } | { ok: false; error: string; fieldErrors: FieldErrors }

/** The first message per field, keyed by its dotted path ('slides.0.title'). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form'
    errors[key] ??= issue.message
  }
  return errors
}

/** The field messages of a refused answer: the same object for the same answer, so a form can tell a new answer from an old one. */
export function refusedFieldErrors(result: { ok: boolean; fieldErrors?: FieldErrors } | undefined): FieldErrors | undefined {
  return result && !result.ok ? result.fieldErrors : undefined
}
