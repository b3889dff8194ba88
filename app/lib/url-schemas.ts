import { z } from 'zod'
import { INVALID_URL, MAX_URL_LENGTH, isDocumentLink, isExternalUrl, isImageSource, isVisitorLink } from './url-rules.ts'

// The zod fields for the addresses url-rules.ts accepts, apart from it so that the components rendering
// addresses do not bring zod to the public pages (docs/product-rules.md#performance-budget).

/** A required image address, trimmed: one of our files or an https address. */
export function imageSource() {
  return z.string({ error: INVALID_URL }).trim().max(MAX_URL_LENGTH, INVALID_URL).refine(isImageSource, INVALID_URL)
}

/** An image address that may be left empty (''), trimmed. */
export function imageSourceOrEmpty() {
  return z
    .string({ error: INVALID_URL })
    .trim()
    .max(MAX_URL_LENGTH, INVALID_URL)
    .refine((value) => value === '' || isImageSource(value), INVALID_URL)
}

function linkOrNull(accepts: (url: string) => boolean) {
  return z
    .string()
    .trim()
    .max(MAX_URL_LENGTH, INVALID_URL)
    .refine((value) => value === '' || accepts(value), INVALID_URL)
    .optional()
    .transform((value) => value || null)
}

/** An optional image field: empty becomes null. */
export function imageSourceOrNull() {
  return linkOrNull(isImageSource)
}

/** An optional document link: empty becomes null; a stored file must be in `bucket` when one is named. */
export function documentLinkOrNull(bucket?: string) {
  return linkOrNull((url) => isDocumentLink(url, bucket))
}

/** An optional address on another site (`isExternalUrl`, http or https): empty becomes null. */
export function externalLinkOrNull() {
  return linkOrNull((url) => isExternalUrl(url))
}

/** An optional link for visitors (`isVisitorLink`): empty becomes null. */
export function visitorLinkOrNull() {
  return linkOrNull(isVisitorLink)
}
