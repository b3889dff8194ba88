import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, expect, inject, test } from 'vitest'
import { startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { launchChromium } from '#tests/setup/browser.ts'
import { createTestDatabase } from '#tests/setup/postgres-global.ts'

const databaseUrl = await createTestDatabase(inject('postgresAdminUrl'))
const authSecret = 'live-theme-test-secret-0123456789abcdef'
// This test process is a second instance of the data layer on the same database.
process.env.DATABASE_URL = databaseUrl
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'school-writer-'))
process.env.AUTH_SECRET = authSecret

let app: AppProcess | undefined
let browser: Browser | undefined
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  const { changeFeed } = await import('#app/lib/changes.server.ts')
  const { database } = await import('#app/lib/db.server.ts')
  await changeFeed.close()
  await database.destroy()
})

test('activating a theme through the data layer recolours an open page without a reload', async () => {
  app = await startApp({ DATABASE_URL: databaseUrl, AUTH_SECRET: authSecret })
  const { activateTheme, createTheme } = await import('#app/domain/theme/theme-admin.server.ts')
  const { DEFAULT_COLORS, defaultSectionStyles } = await import('#app/domain/theme/theme.schema.ts')
  const { changeFeed } = await import('#app/lib/changes.server.ts')
  if ('ready' in changeFeed) await changeFeed.ready

  browser = await launchChromium()
  const page = await browser.newPage()
  const following = page.waitForResponse((response) => response.url().includes('/api/changes?tables=themes'))
  await page.goto(app.url)
  const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim())
  expect(await primary()).toBe('215 70% 35%')
  // Wait until the page follows the change feed, then mark the document to detect a reload.
  expect((await following).status()).toBe(200)
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))

  const ocean = await createTheme({ name: 'Ocean', colors: { ...DEFAULT_COLORS, primary: '200 80% 30%' }, sectionStyles: defaultSectionStyles() })
  await activateTheme(ocean.id)

  await expect.poll(primary, { timeout: 10_000 }).toBe('200 80% 30%')
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
})
