import { defineConfig, devices } from '@playwright/test'
import { E2E_ADMIN, E2E_WORKERS, OIDC_CLIENT, sitesOfWorker } from './tests/e2e/sites.ts'

/** A production server on a fresh data folder; `demo` decides whether demo content is seeded. */
function site(url: string, name: string, demo: boolean, extraEnv: Record<string, string> = {}): Server {
  const dataDir = `.tmp/e2e-${name}-${new URL(url).port}`
  return {
    command: `rm -rf ${dataDir} && node server.js`,
    url: `${url}/`,
    reuseExistingServer: false,
    // Every worker's sites start at once, seeding demo images on 2 cores.
    timeout: 120_000,
    env: {
      NODE_ENV: 'production',
      PORT: new URL(url).port,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      PUBLIC_URL: url,
      SEED_DEMO: String(demo),
      TIME_ZONE: 'America/New_York',
      // The suite signs in dozens of times from one address; the limits are tested on their own.
      AUTH_RATE_LIMIT: 'false',
      // One process per site: several sites run at once on two cores, and worker processes have tests of their own.
      // E2E_WEB_CONCURRENCY=2 runs every site with two workers, to check what a browser sees through either.
      WEB_CONCURRENCY: process.env.E2E_WEB_CONCURRENCY ?? '1',
      ...extraEnv,
    },
  }
}

/**
 * One worker's servers: the demo and empty sites, and the accounts site with
 * its test peers, a real SMTP server and a real OpenID Connect provider. In
 * order: the peers are up before the accounts site reads the provider's
 * discovery document.
 */
interface Server {
  command: string
  url?: string
  port?: number
  reuseExistingServer: boolean
  timeout?: number
  env: Record<string, string>
}

function serversOfWorker(parallelIndex: number): Server[] {
  const sites = sitesOfWorker(parallelIndex)
  return [
    site(sites.demoSiteUrl, 'demo', true),
    site(sites.emptySiteUrl, 'empty', false),
    {
      command: `rm -rf ${sites.mailPeerDir} && node tests/e2e/peers/smtp-peer.ts`,
      port: sites.smtpPeerPort,
      reuseExistingServer: false,
      env: { SMTP_PEER_PORT: String(sites.smtpPeerPort), MAIL_PEER_DIR: sites.mailPeerDir },
    },
    {
      command: 'node tests/e2e/peers/oidc-peer.ts',
      url: `${sites.oidcPeerUrl}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: { OIDC_PEER_URL: sites.oidcPeerUrl, APP_URL: sites.accountsSiteUrl, OIDC_CLIENT_ID: OIDC_CLIENT.id, OIDC_CLIENT_SECRET: OIDC_CLIENT.secret },
    },
    site(sites.accountsSiteUrl, 'accounts', false, {
      SMTP_URL: `smtp://127.0.0.1:${sites.smtpPeerPort}`,
      MAIL_FROM: 'School Website <no-reply@school.test>',
      OIDC_ISSUER: sites.oidcPeerUrl,
      OIDC_CLIENT_ID: OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      OIDC_NAME: OIDC_CLIENT.name,
    }),
  ]
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  // Files run side by side, each worker on its own sites; the tests of a file run in order.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  // The suite runs beside Vitest on two cores (scripts/test.js): a test's steps can take twice their time on a
  // quiet machine. Tests wait for conditions, so a passing test takes no longer for a longer limit.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: Array.from({ length: E2E_WORKERS }, (_, parallelIndex) => serversOfWorker(parallelIndex)).flat(),
})
