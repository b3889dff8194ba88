import { betterAuth } from 'better-auth'
import { passkey } from '@better-auth/passkey'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { genericOAuth, twoFactor } from 'better-auth/plugins'
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, SIGN_UP_CLOSED_CODE } from '#app/domain/user/credentials.schema.ts'
import { getSchoolName } from '#app/domain/section/site-shell.server.ts'
import { isPublicSignUpOpen } from '#app/domain/user/sign-up-setting.server.ts'
import { forgetFailedSignIns } from '#app/domain/user/sign-in-lockout.server.ts'
import { createProfileForNewUser } from '#app/domain/user/user.server.ts'
import { API_KEY_HTTP_PATHS, contentApiKeys } from './api/api-key-plugin.server.ts'
import { checkedAccountFields } from './auth/account-fields.server.ts'
import { capSessionAtAbsoluteLifetime, refuseSessionForRejectedAccount } from './auth/session-rules.server.ts'
import { afterAccountEndpoint, beforeAccountEndpoint } from './auth/sign-up-browser.server.ts'
import { foreignReturnAddressField } from './auth/return-address.ts'
import { resolveAuthSecret } from '#app/lib/auth-secret.server.ts'
import { refuseOneFactorPasskey, secondFactorOnEverySignIn } from './auth/second-factor.server.ts'
import { signInLockout } from './auth/sign-in-lockout.server.ts'
import { AUTH_RATE_LIMIT_RULES, CLIENT_ADDRESS_HEADER } from '#app/lib/auth-rate-limit.server.ts'
import { database } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { sendResetPassword, sendVerificationEmail } from '#app/domain/user/account-mail.server.ts'
import { genericOAuthProviders } from '#app/lib/oauth-providers.server.ts'
import { singleton } from '#app/lib/singleton.server.ts'

/** How Better Auth and passkey prompts name this site (authenticator apps get the school's name, see the hooks). */
const SITE_NAME = 'School Website'

function createAuth() {
  return betterAuth({
    appName: SITE_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    trustedOrigins: [config.publicUrl],
    database: { db: database.db, type: database.engine },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      sendResetPassword,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => forgetFailedSignIns(user.email),
    },
    emailVerification: {
      sendVerificationEmail,
      sendOnSignUp: true,
      // Signing in unconfirmed sends a fresh link (the first may have expired or been lost).
      sendOnSignIn: true,
      // The link in the mail signs the person in and lands on /admin, but only in the
      // browser that signed up: afterAccountEndpoint does it, not Better Auth.
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
    },
    // Reset links, OAuth states and passkey challenges are kept as SHA-256 hashes: a copy of the database cannot use them.
    verification: { storeIdentifier: 'hashed' },
    rateLimit: {
      enabled: config.authRateLimit,
      // In the database, so the limits hold across app instances.
      storage: 'database',
      customRules: AUTH_RATE_LIMIT_RULES,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // Set by the auth route from the socket (or, with TRUST_PROXY, from X-Forwarded-For).
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    // Content API keys are made and revoked by the site only (back office, script).
    disabledPaths: API_KEY_HTTP_PATHS,
    plugins: [
      genericOAuth({ config: genericOAuthProviders(config.oauthProviders) }),
      // TOTP from an authenticator app, with backup codes; the secret is stored encrypted.
      twoFactor({ issuer: SITE_NAME }),
      // WebAuthn bound to this site's host name, so a passkey works only here.
      passkey({
        rpID: new URL(config.publicUrl).hostname,
        rpName: SITE_NAME,
        origin: new URL(config.publicUrl).origin,
        authentication: { afterVerification: refuseOneFactorPasskey },
      }),
      signInLockout(),
      contentApiKeys,
      secondFactorOnEverySignIn(),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        refuseForeignReturnAddresses(ctx.body, ctx.query)
        if (ctx.path === '/sign-up/email') await refuseClosedSignUp()
        await beforeAccountEndpoint(ctx)
        // Authenticator apps list the account under the school's name, whatever the browser sent.
        if (ctx.path === '/two-factor/enable') return { context: { body: { ...(ctx.body as object), issuer: await getSchoolName() } } }
      }),
      after: createAuthMiddleware(async (ctx) => afterAccountEndpoint(ctx)),
    },
    databaseHooks: {
      user: {
        create: {
          // The name and picture follow the user form's rules whoever sends them (a script, an OAuth provider).
          // A request (sign-up, a provider's first sign-in) makes an account only while sign-up is open; the
          // site's own writes (first admin, 'Add User', an accepted invitation) run outside any endpoint.
          before: async (user, endpoint) => {
            if (endpoint) await refuseClosedSignUp()
            return { data: checkedAccountFields(user) }
          },
          // Every account gets its profile (status pending) and the role 'user' (docs/product-rules.md#roles).
          after: async (user) => createProfileForNewUser({ id: user.id, email: user.email, name: user.name }),
        },
        // The same rules for every later write: update-user, a provider's profile on sign-in.
        update: { before: (user) => Promise.resolve({ data: checkedAccountFields(user) }) },
      },
      session: {
        create: { before: async (session) => refuseSessionForRejectedAccount(session) },
        update: { after: async (session) => capSessionAtAbsoluteLifetime(session) },
      },
    },
  })
}

/** While an admin has closed sign-up, no request makes a new account (docs/product-rules.md#accounts-and-sign-in). */
async function refuseClosedSignUp() {
  if (!(await isPublicSignUpOpen())) throw new APIError('FORBIDDEN', { code: SIGN_UP_CLOSED_CODE, message: AUTH_MESSAGES.signUpClosed })
}

/** Every endpoint's return addresses (body or query) must lead back to a path on this site; checked before Better Auth acts on them. */
function refuseForeignReturnAddresses(...sources: unknown[]) {
  const field = foreignReturnAddressField(new URL(config.publicUrl).origin, ...sources)
  if (field) throw new APIError('BAD_REQUEST', { message: `Invalid ${field}` })
}

export const auth = singleton('auth', createAuth)
