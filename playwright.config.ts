import { defineConfig, devices } from '@playwright/test'
import {
  ACCOUNTS_SITE_URL,
  DEMO_SITE_URL,
  E2E_ADMIN,
  EMPTY_SITE_URL,
  MAIL_PEER_DIR,
  OIDC_CLIENT,
  OIDC_PEER_URL,
  SMTP_PEER_PORT,
} from './tests/e2e/sites.ts'

/** A production server on a fresh data folder; `demo` decides whether demo content is seeded. */
function site(url: string, name: string, demo: boolean, extraEnv: Record<string, string> = {}) {
  const dataDir = `.tmp/e2e-${name}-${new URL(url).port}`
  return {
    command: `rm -rf ${dataDir} && node server.js`,
    url: `${url}/`,
    reuseExistingServer: false,
    timeout: 60_000,
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
      ...extraEnv,
    },
  }
}

/** The test peers of the accounts site: a real SMTP server and a real OpenID Connect provider. */
const peers: { command: string; port?: number; url?: string; reuseExistingServer: boolean; env: Record<string, string> }[] = [
  {
    command: `rm -rf ${MAIL_PEER_DIR} && node tests/e2e/peers/smtp-peer.ts`,
    port: SMTP_PEER_PORT,
    reuseExistingServer: false,
    env: { SMTP_PEER_PORT: String(SMTP_PEER_PORT), MAIL_PEER_DIR },
  },
  {
    command: 'node tests/e2e/peers/oidc-peer.ts',
    url: `${OIDC_PEER_URL}/.well-known/openid-configuration`,
    reuseExistingServer: false,
    env: { OIDC_PEER_URL, APP_URL: ACCOUNTS_SITE_URL, OIDC_CLIENT_ID: OIDC_CLIENT.id, OIDC_CLIENT_SECRET: OIDC_CLIENT.secret },
  },
]

const accountsSite = site(ACCOUNTS_SITE_URL, 'accounts', false, {
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PEER_PORT}`,
  MAIL_FROM: 'School Website <no-reply@school.test>',
  OIDC_ISSUER: OIDC_PEER_URL,
  OIDC_CLIENT_ID: OIDC_CLIENT.id,
  OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
  OIDC_NAME: OIDC_CLIENT.name,
})

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  use: {
    baseURL: DEMO_SITE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // In order: the peers are up before the accounts site reads the provider's discovery document.
  webServer: [site(DEMO_SITE_URL, 'demo', true), site(EMPTY_SITE_URL, 'empty', false), ...peers, accountsSite],
})
