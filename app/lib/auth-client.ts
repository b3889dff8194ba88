import { createAuthClient } from 'better-auth/react'

/** Better Auth's browser client, on the same origin as the pages. */
export const authClient = createAuthClient({ basePath: '/api/auth' })
