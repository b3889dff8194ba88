import type { GenericEndpointContext } from 'better-auth'
import { getSessionFromCtx, isAPIError } from 'better-auth/api'
import { expireCookie, setSessionCookie } from 'better-auth/cookies'
import { verifyJWT } from 'better-auth/crypto'
import { removeExpiredUnconfirmedAccounts, removeUnconfirmedAccount } from '#app/domain/user/unconfirmed-accounts.server.ts'

/*
 * A confirmation link proves that its opener reads the address's mail, not
 * that they chose the account's password: whoever signed up first may have
 * been someone else. So the link confirms an address only in a browser that
 * has shown the password (it signed up, or tried to sign in with the right
 * password), and signs in only there, and never over another session.
 */

/** Signed with the auth secret; names the unconfirmed account whose password this browser has shown. */
const SIGN_UP_BROWSER_COOKIE = 'sign_up_browser'

/** As long as a confirmation link lasts. */
const SIGN_UP_BROWSER_MAX_AGE_SECONDS = 24 * 60 * 60

/** The answer to a confirmation link opened in another browser; /auth explains what to do. */
export const CONFIRM_ELSEWHERE_ERROR = 'CONFIRM_IN_SIGN_UP_BROWSER'

type Context = GenericEndpointContext & { path?: string; context: { returned?: unknown } }

/** A property of a request's query or body as sent: anything, to be checked before use. */
function propertyOf(source: unknown, name: string): unknown {
  return typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[name] : undefined
}

function signUpBrowserCookie(ctx: Context) {
  return ctx.context.createAuthCookie(SIGN_UP_BROWSER_COOKIE, { maxAge: SIGN_UP_BROWSER_MAX_AGE_SECONDS })
}

async function markSignUpBrowser(ctx: Context, userId: string) {
  const cookie = signUpBrowserCookie(ctx)
  await ctx.setSignedCookie(cookie.name, userId, ctx.context.secret, cookie.attributes)
}

async function signUpBrowserAccount(ctx: Context): Promise<string | null> {
  return (await ctx.getSignedCookie(signUpBrowserCookie(ctx).name, ctx.context.secret)) || null
}

/** The account a genuine, unexpired confirmation link is for; null for anything else (Better Auth answers those itself). */
async function confirmedAccountOf(ctx: Context): Promise<string | null> {
  const token = propertyOf(ctx.query, 'token')
  if (typeof token !== 'string') return null
  const payload = await verifyJWT<{ userId?: unknown; updateTo?: unknown }>(token, ctx.context.secret)
  // A change-of-address link (updateTo) is not a sign-up confirmation; this site offers no address change.
  if (!payload || payload.updateTo !== undefined || typeof payload.userId !== 'string') return null
  return payload.userId
}

function emailOf(ctx: Context): string | null {
  const email = propertyOf(ctx.body, 'email')
  return typeof email === 'string' ? email.toLowerCase() : null
}

/** A confirmation link for an unconfirmed account, opened in a browser that has not shown its password, changes nothing. */
async function refuseConfirmationElsewhere(ctx: Context) {
  const userId = await confirmedAccountOf(ctx)
  if (!userId) return
  const user = await ctx.context.internalAdapter.findUserById(userId)
  if (!user || user.emailVerified) return
  if ((await signUpBrowserAccount(ctx)) !== userId) throw ctx.redirect(`/auth?error=${CONFIRM_ELSEWHERE_ERROR}`)
}

/** After a confirmation in the browser that showed the password: a session, unless the browser already has one. */
async function signInConfirmedAccount(ctx: Context) {
  const userId = await confirmedAccountOf(ctx)
  if (!userId || (await signUpBrowserAccount(ctx)) !== userId) return
  const user = await ctx.context.internalAdapter.findUserById(userId)
  if (!user?.emailVerified) return
  // Whoever is signed in here stays signed in: a link never swaps the account under someone's feet.
  if (await getSessionFromCtx(ctx)) return
  let session
  try {
    session = await ctx.context.internalAdapter.createSession(userId)
  } catch (error) {
    // A refusal of the session (a rejected account) is explained on /auth.
    if (isAPIError(error)) throw ctx.redirect(`/auth?error=${encodeURIComponent(String(error.body?.code ?? 'default'))}`)
    throw error
  }
  await setSessionCookie(ctx, { session, user })
  expireCookie(ctx, signUpBrowserCookie(ctx))
}

/** The account a sign-up really created (a sign-up for a confirmed address answers with a made-up one). */
async function markNewAccount(ctx: Context) {
  const email = emailOf(ctx)
  const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined
  if (!email || typeof returned?.user?.id !== 'string') return
  const user = await ctx.context.internalAdapter.findUserByEmail(email)
  if (user && !user.user.emailVerified && user.user.id === returned.user.id) await markSignUpBrowser(ctx, user.user.id)
}

/** Better Auth answers EMAIL_NOT_VERIFIED only after the right password: this browser may then confirm with the new link. */
async function markPasswordShown(ctx: Context) {
  const email = emailOf(ctx)
  const returned = ctx.context.returned
  if (!email || !isAPIError(returned) || returned.body?.code !== 'EMAIL_NOT_VERIFIED') return
  const user = await ctx.context.internalAdapter.findUserByEmail(email)
  if (user && !user.user.emailVerified) await markSignUpBrowser(ctx, user.user.id)
}

/** Before Better Auth's endpoints: expired sign-ups go, a new sign-up replaces an unconfirmed one, links are checked. */
export async function beforeAccountEndpoint(ctx: Context) {
  switch (ctx.path) {
    case '/sign-up/email': {
      await removeExpiredUnconfirmedAccounts()
      const email = emailOf(ctx)
      if (email) await removeUnconfirmedAccount(email)
      return
    }
    case '/sign-in/email':
    case '/send-verification-email':
      // An expired sign-up is not signed in to, nor sent a new link.
      await removeExpiredUnconfirmedAccounts()
      return
    case '/verify-email':
      // Nor confirmed by a link sent late in its day.
      await removeExpiredUnconfirmedAccounts()
      return refuseConfirmationElsewhere(ctx)
  }
}

/** After Better Auth's endpoints: remember the browser that showed an unconfirmed account's password; sign in after confirming. */
export async function afterAccountEndpoint(ctx: Context) {
  switch (ctx.path) {
    case '/sign-up/email':
      return markNewAccount(ctx)
    case '/sign-in/email':
      return markPasswordShown(ctx)
    case '/verify-email':
      return signInConfirmedAccount(ctx)
  }
}
