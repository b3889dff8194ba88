/**
 * The header through which the auth route hands Better Auth the client's
 * address. The route always overwrites it, so a visitor cannot choose their
 * own rate-limit bucket the way a forged X-Forwarded-For would let them.
 */
export const CLIENT_ADDRESS_HEADER = 'x-school-client-address'

const PER_MINUTE = { window: 60, max: 5 }

/** At most 5 attempts a minute per client address on each endpoint that checks a password or sends a mail. */
export const AUTH_RATE_LIMIT_RULES = {
  '/sign-in/*': PER_MINUTE,
  '/sign-up/*': PER_MINUTE,
  '/request-password-reset': PER_MINUTE,
  '/reset-password': PER_MINUTE,
  '/send-verification-email': PER_MINUTE,
}

/**
 * The request with the client address (from the socket, or from
 * X-Forwarded-For when TRUST_PROXY says whom to believe: Express's req.ip).
 */
export function withClientAddress(request: Request, clientAddress: string) {
  const headers = new Headers(request.headers)
  headers.delete(CLIENT_ADDRESS_HEADER)
  if (clientAddress) headers.set(CLIENT_ADDRESS_HEADER, clientAddress)
  return new Request(request, { headers })
}
