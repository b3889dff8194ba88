import { defineConfig, devices } from '@playwright/test'
import { DEMO_SITE_URL, E2E_ADMIN, EMPTY_SITE_URL } from './tests/e2e/sites.ts'

/** A production server on a fresh data folder; `demo` decides whether demo content is seeded. */
function site(url: string, name: string, demo: boolean) {
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
    },
  }
}

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
  webServer: [site(DEMO_SITE_URL, 'demo', true), site(EMPTY_SITE_URL, 'empty', false)],
})
