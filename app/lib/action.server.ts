import { data } from 'react-router'
import type { z } from 'zod'
import { fieldErrorsOf, type ActionResult, type FieldErrors } from './action-result.ts'
import { FormLimitError, readForm } from './form-data.server.ts'

export function succeeded(message: string) {
  return { ok: true, message } satisfies ActionResult
}

/** A refused write: nothing changed, and the answer says why (4xx). */
export function refused(error: string, status = 400, fieldErrors: FieldErrors = {}) {
  return data({ ok: false, error, fieldErrors } satisfies ActionResult, { status })
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: ReturnType<typeof refused> }

/** Checks a submitted form against the schema the browser used; a failure becomes a 400 naming the first problem. */
export function parseSubmission<Schema extends z.ZodType>(schema: Schema, values: unknown): Parsed<z.infer<Schema>> {
  const parsed = schema.safeParse(values)
  if (parsed.success) return { ok: true, data: parsed.data }
  const fieldErrors = fieldErrorsOf(parsed.error)
  return { ok: false, response: refused(Object.values(fieldErrors)[0] ?? 'Invalid input', 400, fieldErrors) }
}

export const NOT_A_FORM = 'This request could not be read as a form. Please submit it again from the page.'

/** The posted form; a body that is not one (another content type, broken encoding, over its limits) is refused with a 400, not a 500. */
export async function submittedForm(request: Request): Promise<Parsed<FormData>> {
  try {
    return { ok: true, data: await readForm(request) }
  } catch (error) {
    return { ok: false, response: refused(error instanceof FormLimitError ? error.message : NOT_A_FORM) }
  }
}

/** A form's fields as strings; files and repeated names are not expected here. */
export function textFields(form: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string') values[key] = value
  return values
}

/** The posted form, turned into the values the schema expects (text fields unless said otherwise), checked. */
export async function parseForm<Schema extends z.ZodType>(
  schema: Schema,
  request: Request,
  valuesOf: (form: FormData) => unknown = textFields,
): Promise<Parsed<z.infer<Schema>>> {
  const submitted = await submittedForm(request)
  if (!submitted.ok) return submitted
  return parseSubmission(schema, valuesOf(submitted.data))
}
