import { z } from 'zod'

/** Spec §5: "Each rule has its own message, for example 'Title is required' or 'Title must be less than 100 characters'." */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be less than ${max} characters`)
}

export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be less than ${max} characters`)
    .optional()
    .transform((value) => value || null)
}

/** A row id sent back by an edit or delete form. */
export const rowId = z.string({ error: 'Missing id' }).trim().min(1, 'Missing id').max(64)

/** The answer to a form whose `intent` names no action of the route. */
export const UNKNOWN_ACTION = 'Unknown action'
