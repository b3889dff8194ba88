import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api'
import { z } from 'zod'
import { forgetFailedSignIns, lockDuration, lockRemainingMs, recordFailedSignIn, SIGN_IN_LOCK } from '#app/domain/user/sign-in-lockout.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { sendAccountLockedMail } from '#app/domain/user/account-mail.server.ts'

/** The same whether the password sent was right or not, and whether the address has an account. */
export const ACCOUNT_LOCKED_MESSAGE = 'Too many failed sign-in attempts for this account. Try again in a few minutes, or reset your password.'

const PASSWORD_SIGN_IN = '/sign-in/email'

/** The address a sign-in names; Better Auth refuses anything else with 400 before it looks for an account, so nothing else is counted. */
function emailIn(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('email' in body)) return null
  const email = z.email().safeParse(body.email)
  return email.success ? email.data : null
}

/**
 * Per-account lock of password sign-in (the per-address rate limit does not
 * stop guessing from many addresses). The lock is checked before Better Auth
 * looks at the password; Better Auth's answer then counts a wrong password or
 * clears the count.
 */
export function signInLockout(): BetterAuthPlugin {
  const isPasswordSignIn = (ctx: { path?: string }) => ctx.path === PASSWORD_SIGN_IN
  return {
    id: 'sign-in-lockout',
    hooks: {
      before: [
        {
          matcher: isPasswordSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailIn(ctx.body)
            if (!email) return
            const remaining = await lockRemainingMs(email)
            if (remaining !== null) {
              throw new APIError('TOO_MANY_REQUESTS', { message: ACCOUNT_LOCKED_MESSAGE }, { 'Retry-After': String(Math.ceil(remaining / 1000)) })
            }
          }),
        },
      ],
      after: [
        {
          matcher: isPasswordSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailIn(ctx.body)
            if (!email) return
            const returned = ctx.context.returned
            if (!isAPIError(returned)) {
              // The password was right (a session or the two-factor step follows).
              await forgetFailedSignIns(email)
              return
            }
            if (returned.body?.code !== 'INVALID_EMAIL_OR_PASSWORD') return
            const { firstLockStarted } = await recordFailedSignIn(email)
            if (!firstLockStarted) return
            // In the background, so the answer takes as long whether the address has an account or not.
            void ctx.context.internalAdapter
              .findUserByEmail(email.trim().toLowerCase())
              .then((found) => {
                if (found) sendAccountLockedMail(found.user.email, SIGN_IN_LOCK.freeFailures, lockDuration(1) / 60_000)
              })
              .catch((error: unknown) => logger.error({ err: error }, 'looking up the owner of a locked account failed'))
          }),
        },
      ],
    },
  }
}
