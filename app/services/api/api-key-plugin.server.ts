import { apiKey } from '@better-auth/api-key'

/** Every key starts so, which lets people (and secret scanners) recognise one. */
export const API_KEY_PREFIX = 'sw_'

/** Requests a key may make before it must pause: counted by the plugin per key, in the database (so across instances). */
export const API_KEY_RATE_LIMIT = { maxRequests: 600, timeWindowMs: 60_000 } as const

/**
 * Better Auth's API-key plugin: keys are random (64 letters after the
 * prefix), stored as SHA-256 hashes, shown once; each carries its own rate
 * limit. Keys are made only by the site itself (the back office, the
 * `api-key` script), never through the plugin's HTTP endpoints: see
 * `API_KEY_HTTP_PATHS`.
 */
export const contentApiKeys = apiKey({
  defaultPrefix: API_KEY_PREFIX,
  requireName: true,
  maximumNameLength: 64,
  startingCharactersConfig: { shouldStore: true, charactersLength: API_KEY_PREFIX.length + 6 },
  rateLimit: { enabled: true, maxRequests: API_KEY_RATE_LIMIT.maxRequests, timeWindow: API_KEY_RATE_LIMIT.timeWindowMs },
  // A key authenticates the content API only, never Better Auth's own endpoints.
  enableSessionForAPIKeys: false,
})

/**
 * The plugin's endpoints reachable over HTTP (create, get, list, update,
 * delete under /api/auth): switched off, so no signed-in visitor can make or
 * change a key for themselves. Server-side calls (`auth.api.*`) still work.
 */
export const API_KEY_HTTP_PATHS: string[] = Object.values(contentApiKeys.endpoints)
  .map((endpoint) => ('path' in endpoint && typeof endpoint.path === 'string' ? endpoint.path : null))
  .filter((path): path is string => path !== null)
