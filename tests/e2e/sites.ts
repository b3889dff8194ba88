/**
 * The sites Playwright starts (see playwright.config.ts): demo content at
 * E2E_PORT (default 3100), an empty site on the next port, and an accounts
 * site (sign-up mail, password reset, OAuth) on the one after, with its SMTP
 * and OpenID Connect peers on the two ports after that.
 */
const basePort = Number(process.env.E2E_PORT ?? 3100)
export const DEMO_SITE_URL = `http://localhost:${basePort}`
export const EMPTY_SITE_URL = `http://localhost:${basePort + 1}`
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' }

/** The SQLite file of the demo site's server, for tests that prove what was stored. */
export const DEMO_DATABASE_PATH = `.tmp/e2e-demo-${basePort}/school.sqlite`

/** The accounts site: rate limits off, mail through the SMTP peer, sign-in through the OIDC peer. */
export const ACCOUNTS_SITE_URL = `http://localhost:${basePort + 2}`
export const ACCOUNTS_DATABASE_PATH = `.tmp/e2e-accounts-${basePort + 2}/school.sqlite`
export const SMTP_PEER_PORT = basePort + 3
/** Where the SMTP peer writes each message it receives, as JSON. */
export const MAIL_PEER_DIR = `.tmp/e2e-mail-${basePort + 3}`
// 127.0.0.1 rather than localhost: the provider's cookies stay apart from the app's.
export const OIDC_PEER_URL = `http://127.0.0.1:${basePort + 4}`
export const OIDC_CLIENT = { id: 'school-website', secret: 'oidc-peer-client-secret', name: 'School Login' }
