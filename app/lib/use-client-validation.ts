import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { fieldErrorsOf, type FieldErrors } from './action-result.ts'

/**
 * Live feedback from the form's zod schema (the same one the action parses):
 * the first submit checks every field and blocks sending when one fails;
 * after that each change re-checks.
 */
export function useClientValidation(schema: z.ZodType, toValues: (form: HTMLFormElement) => unknown = (form) => Object.fromEntries(new FormData(form))) {
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
    },
    onChange(event: FormEvent<HTMLFormElement>) {
      if (submitted) check(event.currentTarget)
    },
  }
}
