/**
 * The sites Playwright starts (see playwright.config.ts). Each worker has its
 * own set, ten ports apart from E2E_PORT (default 3100), so workers running
 * side by side never see each other's writes: demo content on the first
 * port, an empty site on the next, and an accounts site (sign-up mail,
 * password reset, OAuth) on the one after, with its SMTP and OpenID Connect
 * peers on the two ports after that.
 */
const firstPort = Number(process.env.E2E_PORT ?? 3100)

/** How many workers, and so sets of sites, run at once. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1))

export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' }
export const OIDC_CLIENT = { id: 'school-website', secret: 'oidc-peer-client-secret', name: 'School Login' }

/** The set of sites of the worker with this parallel index (0 to E2E_WORKERS - 1). */
export function sitesOfWorker(parallelIndex: number) {
  const basePort = firstPort + 10 * parallelIndex
  return {
    demoSiteUrl: `http://localhost:${basePort}`,
    emptySiteUrl: `http://localhost:${basePort + 1}`,
    /** The SQLite file of the demo site's server, for tests that prove what was stored. */
    demoDatabasePath: `.tmp/e2e-demo-${basePort}/school.sqlite`,
    /** The accounts site: rate limits off, mail through the SMTP peer, sign-in through the OIDC peer. */
    accountsSiteUrl: `http://localhost:${basePort + 2}`,
    accountsDatabasePath: `.tmp/e2e-accounts-${basePort + 2}/school.sqlite`,
    smtpPeerPort: basePort + 3,
    /** Where the SMTP peer writes each message it receives, as JSON. */
    mailPeerDir: `.tmp/e2e-mail-${basePort + 3}`,
    // 127.0.0.1 rather than localhost: the provider's cookies stay apart from the app's.
    oidcPeerUrl: `http://127.0.0.1:${basePort + 4}`,
  }
}

// Playwright sets TEST_PARALLEL_INDEX in each worker before it loads the tests.
const own = sitesOfWorker(Number(process.env.TEST_PARALLEL_INDEX ?? 0))

export const DEMO_SITE_URL = own.demoSiteUrl
export const EMPTY_SITE_URL = own.emptySiteUrl
export const DEMO_DATABASE_PATH = own.demoDatabasePath
export const ACCOUNTS_SITE_URL = own.accountsSiteUrl
export const ACCOUNTS_DATABASE_PATH = own.accountsDatabasePath
export const SMTP_PEER_PORT = own.smtpPeerPort
export const MAIL_PEER_DIR = own.mailPeerDir
export const OIDC_PEER_URL = own.oidcPeerUrl
