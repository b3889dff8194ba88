import { z } from 'zod'

/** Browsers send a textarea's line breaks as CRLF but count each as one character; store and count them as LF. */
function withUnixLineBreaks(value: string) {
  return value.replace(/\r\n?/g, '\n')
}

/** Spec §5: "Each rule has its own message, for example 'Title is required' or 'Title must be less than 100 characters'." */
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

export const INVALID_URL = 'Must be a valid URL'

/** A file this site stores (`/files/<bucket>/…`, any bucket unless one is named) or an absolute http(s) address. */
export function isStoredFileOrWebUrl(value: string, bucket?: string): boolean {
  const stored = new RegExp(`^/files/${bucket ?? '[a-z]+'}/\\S+$`)
  return stored.test(value) || z.url({ protocol: /^https?$/ }).safeParse(value).success
}

/** An optional link field: empty becomes null; otherwise one of our files or an http(s) address. */
export function optionalLink(bucket?: string) {
  return z
    .string()
    .trim()
    .max(2000, INVALID_URL)
    .refine((value) => value === '' || isStoredFileOrWebUrl(value, bucket), INVALID_URL)
    .optional()
    .transform((value) => value || null)
}

/** A row id sent back by an edit or delete form. */
export const rowId = z.string({ error: 'Missing id' }).trim().min(1, 'Missing id').max(64)

/** The answer to a form whose `intent` names no action of the route. */
export const UNKNOWN_ACTION = 'Unknown action'
