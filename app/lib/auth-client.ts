import { passkeyClient } from '@better-auth/passkey/client'
import { twoFactorClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'

/** Better Auth's browser client, on the same origin as the pages, with the two-factor and passkey calls. */
export const authClient = createAuthClient({ basePath: '/api/auth', plugins: [twoFactorClient(), passkeyClient()] })
