import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { launchChromium } from '#tests/setup/browser.ts'
import { createTestDatabase } from '#tests/setup/postgres-global.ts'

const databaseUrl = await createTestDatabase(inject('postgresAdminUrl'))
const authSecret = 'change-feed-browser-secret-0123456789abcdef'
// This test process is a second instance of the data layer on the same database: its writes reach the app by NOTIFY.
process.env.DATABASE_URL = databaseUrl
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'school-writer-'))
process.env.AUTH_SECRET = authSecret

const running: AppProcess[] = []
let browser: Browser | undefined
afterAll(async () => {
  await browser?.close()
  await Promise.all(running.map((app) => app.stop()))
  const { changeFeed } = await import('#app/lib/changes.server.ts')
  const { database } = await import('#app/lib/db.server.ts')
  await changeFeed.close()
  await database.destroy()
})

/** The statuses of the page's requests to the change feed, and how many data requests (revalidations) it made. */
function watchRequests(page: Page) {
  const streams: number[] = []
  let dataRequests = 0
  page.on('response', (response) => {
    if (response.url().includes('/api/changes?')) streams.push(response.status())
  })
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.data')) dataRequests += 1
  })
  return { streams, dataRequests: () => dataRequests }
}

const primary = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim())

describe('an open page keeps following the change feed', { timeout: 120_000 }, () => {
  test('after the server ends a stream, the page reconnects, catches up, and still takes live changes', async () => {
    const app = await startApp({ DATABASE_URL: databaseUrl, AUTH_SECRET: authSecret, CHANGE_STREAM_LIFETIME_SECONDS: '2' })
    running.push(app)
    browser ??= await launchChromium()
    const page = await browser.newPage()
    const watched = watchRequests(page)
    await page.goto(app.url)
    expect(await primary(page)).toBe('215 70% 35%')

    // Streams end every 2 s; the page opens new ones and reloads its data after each gap.
    await expect.poll(() => watched.streams.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3)
    expect(watched.streams.every((status) => status === 200)).toBe(true)
    expect(watched.dataRequests()).toBeGreaterThanOrEqual(1)

    const { activateTheme, createTheme } = await import('#app/domain/theme/theme-admin.server.ts')
    const { DEFAULT_COLORS, defaultSectionStyles } = await import('#app/domain/theme/theme.schema.ts')
    const { changeFeed } = await import('#app/lib/changes.server.ts')
    if ('ready' in changeFeed) await changeFeed.ready
    await activateTheme((await createTheme({ name: 'Ocean', colors: { ...DEFAULT_COLORS, primary: '200 80% 30%' }, sectionStyles: defaultSectionStyles() })).id)
    await expect.poll(() => primary(page), { timeout: 15_000 }).toBe('200 80% 30%')
  })

  test('a page refused a stream (429) asks again only after a while, and follows once a place is free', async () => {
    // One process: the 20 places are per worker process (docs/product-rules.md#worker-processes-and-memory).
    const app = await startApp({ DATABASE_URL: databaseUrl, AUTH_SECRET: authSecret, WEB_CONCURRENCY: '1' })
    running.push(app)
    // This test and the browser are the same visitor (127.0.0.1): hold all 20 of its places.
    const held = await Promise.all(Array.from({ length: 20 }, () => fetch(`${app.url}/api/changes?tables=themes`)))
    expect(held.map((response) => response.status)).toEqual(Array(20).fill(200))

    browser ??= await launchChromium()
    const page = await browser.newPage()
    const watched = watchRequests(page)
    await page.goto(app.url)
    await expect.poll(() => watched.streams[0], { timeout: 15_000 }).toBe(429)
    await page.waitForTimeout(6_000)
    // At most one more try in those 6 s (the first wait is 2.5 to 5 s): no hammering.
    expect(watched.streams.length).toBeLessThanOrEqual(2)
    expect(watched.streams.every((status) => status === 429)).toBe(true)

    for (const response of held) await response.body?.cancel()
    await expect.poll(() => watched.streams.at(-1), { timeout: 40_000 }).toBe(200)
    expect(watched.streams.length).toBeLessThanOrEqual(5)
  })
})
