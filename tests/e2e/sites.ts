/**
 * The two sites Playwright starts (see playwright.config.ts): demo content at
 * E2E_PORT (default 3100), an empty site on the next port.
 */
const basePort = Number(process.env.E2E_PORT ?? 3100)
export const DEMO_SITE_URL = `http://localhost:${basePort}`
export const EMPTY_SITE_URL = `http://localhost:${basePort + 1}`
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' }

/** The SQLite file of the demo site's server, for tests that prove what was stored. */
export const DEMO_DATABASE_PATH = `.tmp/e2e-demo-${basePort}/school.sqlite`
