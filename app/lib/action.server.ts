import { data } from 'react-router'
import type { z } from 'zod'
import { fieldErrorsOf, type ActionResult } from './action-result.ts'
import { DomainError, isDomainError } from './errors/domain-error.ts'
import { FormLimitError, readForm } from './form-data.server.ts'

/** A done write: the message the toast shows. */
export function succeeded(message: string) {
  return { ok: true, message } satisfies ActionResult
}

export const NOT_A_FORM = 'This request could not be read as a form. Please submit it again from the page.'

/** A form's fields as strings; files and repeated names are not expected here. */
export function textFields(form: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string') values[key] = value
  return values
}

/** A domain refusal as the admin forms show it: the status of its code, its message for the toast, the field messages under the fields. */
export function refusedBy(error: DomainError) {
  const headers: HeadersInit = error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : {}
  return data({ ok: false, error: error.message, fieldErrors: error.fields } satisfies ActionResult, { status: error.status, headers })
}

type Success = { ok: true; message: string }

/**
 * The one way an admin action answers: `work` parses, runs the domain
 * operation and returns the success message (or a success with more to
 * say); a `DomainError` from anywhere in it becomes the refused answer.
 * Other errors are not refusals and go on to the error boundary.
 */
export async function answerAction<T extends Success>(work: () => Promise<string | T>) {
  try {
    const outcome = await work()
    return typeof outcome === 'string' ? succeeded(outcome) : outcome
  } catch (error) {
    if (isDomainError(error)) return refusedBy(error)
    throw error
  }
}

/** Checks values against the schema the browser used; a failure is a `DomainError` naming the first problem and every field's. */
export function validated<Schema extends z.ZodType>(schema: Schema, values: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(values)
  if (parsed.success) return parsed.data
  const fieldErrors = fieldErrorsOf(parsed.error)
  throw DomainError.invalid(Object.values(fieldErrors)[0] ?? 'Invalid input', fieldErrors)
}

/** The posted form; a body that is not one (another content type, broken encoding, over its limits) is an invalid input, not a 500. */
export async function postedForm(request: Request): Promise<FormData> {
  try {
    return await readForm(request)
  } catch (error) {
    throw DomainError.invalid(error instanceof FormLimitError ? error.message : NOT_A_FORM)
  }
}

/** The posted form, turned into the values the schema expects (text fields unless said otherwise), checked. */
export async function validatedForm<Schema extends z.ZodType>(
  schema: Schema,
  request: Request,
  valuesOf: (form: FormData) => unknown = textFields,
): Promise<z.infer<Schema>> {
  return validated(schema, valuesOf(await postedForm(request)))
}
