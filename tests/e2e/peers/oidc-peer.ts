/**
 * A real OpenID Connect provider for the e2e tests (started by
 * playwright.config.ts): one confidential client for the accounts site, and
 * oidc-provider's development login page, where any login name signs in as
 * an account whose e-mail is that name.
 */
import Provider from 'oidc-provider'

const issuer = process.env.OIDC_PEER_URL ?? ''
const appUrl = process.env.APP_URL ?? ''

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID ?? '',
      client_secret: process.env.OIDC_CLIENT_SECRET ?? '',
      redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  findAccount: (_ctx, accountId) => ({
    accountId,
    claims: () => ({ sub: accountId, email: accountId, email_verified: true, name: 'School Teacher' }),
  }),
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['oidc-peer-cookie-key-for-tests-only'] },
})

const server = provider.listen(Number(new URL(issuer).port), () => console.log(`OIDC peer at ${issuer}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
