/**
 * The addresses whose dynamic segment is a secret: a link mailed to one
 * person or shared by staff, which is the permission itself. app/routes.ts
 * declares these routes from here, and the request log writes `redacted` in
 * place of each `:token` (server/request-log.ts); a route with a token
 * declared anywhere else fails tests/unit/request-log.test.ts.
 */
export const SECRET_ROUTE_PATHS = {
  sharedPreview: 'preview/:token',
  subscriptionConfirmation: 'subscribe/confirm/:token',
  subscriptionManagement: 'subscribe/manage/:token',
  unsubscribe: 'unsubscribe/:token',
  invitation: 'auth/invitation/:token',
  /** Better Auth's password-reset link, served under its handler's `api/auth/*`. */
  passwordReset: 'api/auth/reset-password/:token',
} as const
