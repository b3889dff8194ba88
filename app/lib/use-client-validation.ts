import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { fieldErrorsOf, type FieldErrors } from './action-result.ts'
import { showErrorToast } from './error-toast.ts'

interface ClientValidationOptions {
  /** The values the schema checks, read from the form's fields as they are now; by default every text field by name. */
  toValues?: (form: HTMLFormElement) => unknown
  /** Also says why a refused save was not sent in an 'Error' toast (admin forms, which answer every save with a toast). */
  toastRefusal?: boolean
}

/**
 * Live feedback from the form's zod schema (the same one the action parses):
 * the first submit checks every field and blocks sending when one fails;
 * after that each change re-checks. The values are always read from the
 * form's fields, never kept in state, so whatever was typed before the page
 * became interactive is what is checked and sent.
 */
export function useClientValidation(schema: z.ZodType, { toValues = (form) => Object.fromEntries(new FormData(form)), toastRefusal = false }: ClientValidationOptions = {}) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [submitted, setSubmitted] = useState(false)

  function check(form: HTMLFormElement) {
    const result = schema.safeParse(toValues(form))
    const found = result.success ? {} : fieldErrorsOf(result.error)
    setErrors(found)
    return found
  }

  return {
    errors,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      setSubmitted(true)
      const found = check(event.currentTarget)
      const first = Object.keys(found)[0]
      if (first === undefined) return
      event.preventDefault()
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      if (toastRefusal) showErrorToast(found[first]!)
    },
    onChange(event: FormEvent<HTMLFormElement>) {
      if (submitted) check(event.currentTarget)
    },
  }
}
