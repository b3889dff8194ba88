import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api'
import { deleteSessionCookie } from 'better-auth/cookies'
import { generateRandomString } from 'better-auth/crypto'
import { PASSKEY_NEEDS_USER_VERIFICATION, TWO_FACTOR_STEP_PATH } from '#app/domain/user/account-security.ts'
import { readBool } from '#db/portable.ts'
import { db } from '#app/lib/db.server.ts'

type AfterHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]
type NewSession = NonNullable<AfterHookContext['context']['newSession']>

/**
 * Sign-ins that end with a session without asking for the second factor
 * themselves: a provider's callback (and a provider's ID token), and the
 * confirmation link that signs the person in. Better Auth's two-factor plugin
 * holds back only password sign-ins.
 */
const ONE_FACTOR_SIGN_INS = new Set(['/callback/:id', '/sign-in/social', '/verify-email'])

/** The two-factor plugin's cookie for a sign-in waiting for its code, and how long it waits (the plugin's defaults). */
const TWO_FACTOR_COOKIE = 'two_factor'
const PENDING_SECONDS = 10 * 60

/**
 * What the two-factor plugin does to a password sign-in of an account with
 * two-factor on: the new session is dropped, and a signed cookie names the
 * sign-in waiting for the code, which the plugin's verify endpoints (with
 * their attempt limits and account lock) turn into a session.
 */
async function holdForSecondFactor(ctx: AfterHookContext, signedIn: NewSession) {
  deleteSessionCookie(ctx, true)
  await ctx.context.internalAdapter.deleteSession(signedIn.session.token)
  ctx.context.setNewSession(null)
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: PENDING_SECONDS })
  const identifier = `2fa-${generateRandomString(20)}`
  const expiresAt = new Date(Date.now() + PENDING_SECONDS * 1000)
  await ctx.context.internalAdapter.createVerificationValue({ value: signedIn.user.id, identifier, expiresAt })
  await ctx.context.internalAdapter.createVerificationValue({ value: '0', identifier: `2fa-attempts-${identifier}`, expiresAt })
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes)
}

/**
 * The passkey plugin's afterVerification: a passkey counts as two factors
 * (the device, and the PIN or biometric it checked), so it signs in an
 * account with two-factor on without the code; a passkey whose device did
 * not verify its user is one factor, refused for such an account before any
 * session exists.
 */
export async function refuseOneFactorPasskey({ verification, clientData }: { verification: { authenticationInfo: { userVerified: boolean } }; clientData: { id: string } }) {
  if (verification.authenticationInfo.userVerified) return
  const owner = await db
    .selectFrom('passkey')
    .innerJoin('user', 'user.id', 'passkey.userId')
    .select('user.twoFactorEnabled')
    .where('passkey.credentialID', '=', clientData.id)
    .executeTakeFirst()
  if (owner?.twoFactorEnabled && readBool(owner.twoFactorEnabled)) throw new APIError('UNAUTHORIZED', { message: PASSKEY_NEEDS_USER_VERIFICATION })
}

/**
 * Every sign-in of an account with two-factor on proves two factors: a
 * password (held back by the two-factor plugin itself), a provider or a
 * confirmation link is followed by the code (a passkey: see
 * refuseOneFactorPasskey).
 */
export function secondFactorOnEverySignIn(): BetterAuthPlugin {
  return {
    id: 'second-factor-on-every-sign-in',
    hooks: {
      after: [
        {
          matcher: (ctx) => ONE_FACTOR_SIGN_INS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession
            if (!signedIn?.user.twoFactorEnabled) return
            await holdForSecondFactor(ctx, signedIn)
            const returned = ctx.context.returned
            // A browser arriving from the provider or the mailed link continues on the sign-in page's code step.
            if (isAPIError(returned) && returned.statusCode >= 300 && returned.statusCode < 400) throw ctx.redirect(TWO_FACTOR_STEP_PATH)
            return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
          }),
        },
      ],
    },
  }
}
