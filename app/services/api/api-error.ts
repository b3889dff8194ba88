import type { FieldErrors } from '#app/lib/action-result.ts'
import { DOMAIN_ERROR_STATUS } from '#app/lib/errors/domain-error.ts'

/**
 * Every refusal of the content API, with its status: the domain's codes
 * (a rule broken, a missing row, a taken slug…) and the API's own.
 */
export const API_ERROR_STATUS = {
  ...DOMAIN_ERROR_STATUS,
  /** No API key, or one that is unknown, revoked or expired. */
  unauthorized: 401,
  /** The path exists, the method does not. */
  method_not_allowed: 405,
  /** The body took longer to arrive than the site waits. */
  request_timeout: 408,
  /** The body is larger than the collection accepts. */
  payload_too_large: 413,
  /** Something failed on the site's side; it is logged. */
  internal: 500,
} as const

export type ApiErrorCode = keyof typeof API_ERROR_STATUS

/** The body of every refusal: `{ "error": { "code", "message", "fields" } }`; `fields` names each field at fault. */
export function apiErrorBody(code: ApiErrorCode, message: string, fields: FieldErrors = {}) {
  return { error: { code, message, fields } }
}

export type ApiErrorBody = ReturnType<typeof apiErrorBody>
