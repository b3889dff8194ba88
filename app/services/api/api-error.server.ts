import type { FieldErrors } from '#app/lib/action-result.ts'
import { isDomainError } from '#app/lib/errors/domain-error.ts'
import { logger } from '#app/lib/logger.server.ts'
import { API_ERROR_STATUS, apiErrorBody, type ApiErrorCode } from './api-error.ts'
import { ApiKeyRefusal } from './api-keys.server.ts'

/** A refusal of the API itself (not of a domain rule): a missing key, a wrong method. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly fields: FieldErrors = {},
  ) {
    super(message)
  }
}

export const API_MESSAGES = {
  keyRequired: 'An API key is required: send it as "Authorization: Bearer <key>".',
  keyInvalid: 'This API key is not valid: it is unknown, revoked or expired.',
  rateLimited: 'This API key has made too many requests. Wait before trying again.',
  notFound: 'There is no such collection or path in this API.',
  internal: 'Something went wrong on the site. Please try again.',
} as const

export function apiErrorResponse(code: ApiErrorCode, message: string, fields: FieldErrors = {}, headers: Record<string, string> = {}) {
  return Response.json(apiErrorBody(code, message, fields), { status: API_ERROR_STATUS[code], headers: { 'Cache-Control': 'no-store', ...headers } })
}

/** The one mapping from anything thrown while answering an API request to its answer. */
export function responseForError(error: unknown): Response {
  if (isDomainError(error)) {
    const headers: Record<string, string> = error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : {}
    return apiErrorResponse(error.code, error.message, error.fields, headers)
  }
  if (error instanceof ApiError) return apiErrorResponse(error.code, error.message, error.fields, error.headers)
  if (error instanceof ApiKeyRefusal) {
    return error.reason === 'rate_limited'
      ? apiErrorResponse('rate_limited', API_MESSAGES.rateLimited, {}, { 'Retry-After': String(error.retryAfterSeconds ?? 60) })
      : apiErrorResponse('unauthorized', API_MESSAGES.keyInvalid, {}, { 'WWW-Authenticate': 'Bearer' })
  }
  logger.error({ err: error }, 'content API request failed')
  return apiErrorResponse('internal', API_MESSAGES.internal)
}
