import type { FieldErrors } from '../action-result.ts'

/**
 * Why a domain operation refused a change. Every refusal is one of these
 * codes; the admin forms and the content API each map them to an HTTP answer
 * in one place (`app/lib/action.server.ts`, `app/routes/api/v1`).
 */
export const DOMAIN_ERROR_STATUS = {
  /** The input breaks a rule; `fields` names the fields at fault. */
  invalid: 400,
  /** The signed-in role may not do this. */
  forbidden: 403,
  /** The row the change is about does not exist (any more). */
  not_found: 404,
  /** The change collides with stored data: a taken slug or name, the last admin. */
  conflict: 409,
  /** Too many attempts in too short a time. */
  rate_limited: 429,
  /** Something the operation needs (database, file store, mail) is not answering. */
  unavailable: 503,
} as const

export type DomainErrorCode = keyof typeof DOMAIN_ERROR_STATUS

/** A refused change: nothing was written, and `message` says why in words a member of staff understands. */
export class DomainError extends Error {
  override readonly name = 'DomainError'
  readonly code: DomainErrorCode
  /** Each field at fault with its message, keyed as the form names the field. */
  readonly fields: FieldErrors
  /** Only for `rate_limited`: when to try again. */
  readonly retryAfterSeconds: number | undefined

  // Plain fields rather than constructor parameter properties: scripts run this file with Node's type stripping, which has no parameter properties.
  constructor(code: DomainErrorCode, message: string, fields: FieldErrors = {}, retryAfterSeconds?: number) {
    super(message)
    this.code = code
    this.fields = fields
    this.retryAfterSeconds = retryAfterSeconds
  }

  get status(): number {
    return DOMAIN_ERROR_STATUS[this.code]
  }

  static invalid(message: string, fields: FieldErrors = {}) {
    return new DomainError('invalid', message, fields)
  }

  /** An invalid input whose message belongs to one field. */
  static invalidField(field: string, message: string) {
    return new DomainError('invalid', message, { [field]: message })
  }

  static notFound(message: string) {
    return new DomainError('not_found', message)
  }

  static conflict(message: string, fields: FieldErrors = {}) {
    return new DomainError('conflict', message, fields)
  }

  static forbidden(message: string) {
    return new DomainError('forbidden', message)
  }

  static rateLimited(message: string, retryAfterSeconds?: number) {
    return new DomainError('rate_limited', message, {}, retryAfterSeconds)
  }

  static unavailable(message: string) {
    return new DomainError('unavailable', message)
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError
}
