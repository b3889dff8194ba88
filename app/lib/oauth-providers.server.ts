import type { GenericOAuthConfig } from 'better-auth/plugins'
import type { OAuthProviderConfig } from './env.server.ts'

const OIDC_SCOPES = ['openid', 'email', 'profile']

/**
 * Every sign-in provider goes through Better Auth's genericOAuth plugin with
 * PKCE, so the OpenID Connect provider the tests start exercises the same
 * code as Google and Microsoft. Google and a school's own IdP are configured
 * from their discovery documents, whose keys verify each ID token.
 */
export function genericOAuthProviders(providers: OAuthProviderConfig[]): GenericOAuthConfig[] {
  return providers.map((provider) => {
    const common = {
      providerId: provider.id,
      name: provider.name,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      scopes: OIDC_SCOPES,
      pkce: true,
    }
    if (provider.discoveryUrl) {
      return { ...common, discoveryUrl: provider.discoveryUrl, requireIdTokenVerification: true }
    }
    // Microsoft's 'common' discovery document names the issuer as a template
    // ({tenantid}) that no token matches, so its endpoints are given directly.
    // The ID token then comes straight from Microsoft's token endpoint over TLS,
    // and it asserts no verified e-mail, so a Microsoft sign-in is never linked
    // to an existing account by e-mail (see README, "Accounts and sign-in").
    const base = `https://login.microsoftonline.com/${provider.tenant}/oauth2/v2.0`
    return {
      ...common,
      authorizationUrl: `${base}/authorize`,
      tokenUrl: `${base}/token`,
      userInfoUrl: 'https://graph.microsoft.com/oidc/userinfo',
      accountSubject: ({ profile }) => String(profile.sub ?? profile.id ?? ''),
    }
  })
}
