import { z } from 'zod'

/** Browsers send a textarea's line breaks as CRLF but count each as one character; store and count them as LF. */
function withUnixLineBreaks(value: string) {
  return value.replace(/\r\n?/g, '\n')
}

/** A required text whose every rule has its own message: 'Title is required', 'Title must be less than 100 characters'. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .overwrite(withUnixLineBreaks)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be less than ${max} characters`)
}

/** An optional text or textarea; empty becomes null. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .optional()
    .transform((value) => (value === undefined ? null : withUnixLineBreaks(value).trim() || null))
    .refine((value) => value === null || value.length <= max, `${label} must be less than ${max} characters`)
}

/** A row id sent back by an edit or delete form. */
export const rowId = z.string({ error: 'Missing id' }).trim().min(1, 'Missing id').max(64)

/** The answer to a form whose `intent` names no action of the route. */
export const UNKNOWN_ACTION = 'Unknown action'

/** A form's checkbox or switch: it posts 'on' when checked and nothing when not. */
export const checkedBox = z
  .string()
  .optional()
  .transform((value) => value === 'on' || value === 'true')
