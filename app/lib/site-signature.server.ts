import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { resolveAuthSecret } from './auth-secret.server.ts'
import { config } from './env.server.ts'

let secret: string | undefined
function siteSecret() {
  secret ??= resolveAuthSecret(config.authSecret, config.dataDir)
  return secret
}

/** An HMAC of `value` with the site's secret, apart for each purpose: what the site signs, only the site can make. */
export function signForSite(purpose: string, value: string): string {
  return createHmac('sha256', siteSecret()).update(`${purpose}:${value}`).digest('base64url')
}

/** Whether `signature` is the site's for this value (in constant time). */
export function isSiteSignature(purpose: string, value: string, signature: string): boolean {
  const expected = Buffer.from(signForSite(purpose, value))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * How a link's secret is kept in the database: SHA-256, base64url without
 * padding, as Better Auth keeps its verification identifiers (preview links,
 * reset links), so a copy of the database opens no link.
 */
export function hashLinkSecret(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url')
}
