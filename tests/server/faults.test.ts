import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { SEVERAL_WORKERS, SEVERAL_WORKERS_TIMEOUT_MS, signIn, startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { createTestDatabase } from '#tests/setup/postgres-global.ts'
import { startS3Server } from '#tests/setup/s3-server.ts'
import { startTcpProxy } from '#tests/setup/tcp-proxy.ts'

const running: AppProcess[] = []
const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()))
  for (const cleanup of cleanups) await cleanup()
})

const ADMIN = { ADMIN_EMAIL: 'head@school.test', ADMIN_PASSWORD: 'head-teacher-password' }

async function readiness(app: AppProcess) {
  const response = await fetch(`${app.url}/readyz`)
  return { status: response.status, body: (await response.json()) as { status: string; checks: Record<string, string> } }
}

describe('faults', () => {
  test('kill -9 in the middle of a stream of writes loses no write that was acknowledged (SQLite)', { timeout: SEVERAL_WORKERS_TIMEOUT_MS }, async () => {
    const app = await startApp({ ...ADMIN, ...SEVERAL_WORKERS })
    running.push(app)
    const { cookie } = await signIn(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)
    const acknowledged: string[] = []
    let stopped = false
    // Four writers add testimonials one after another until the server dies under them.
    const writer = async (writerId: number) => {
      for (let n = 0; !stopped; n++) {
        const message = `Writer ${writerId} message ${n}`
        try {
          const response = await fetch(`${app.url}/admin/testimonials`, {
            method: 'POST',
            headers: { cookie, origin: app.url },
            body: new URLSearchParams({ intent: 'create', parentName: 'Load Test', message, rating: '5' }),
          })
          if (response.status === 200) acknowledged.push(message)
        } catch {
          return
        }
      }
    }
    const writers = [1, 2, 3, 4].map(writer)
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThan(50)
    await app.crash()
    stopped = true
    await Promise.all(writers)

    const database = new DatabaseSync(path.join(app.dataDir, 'school.sqlite'), { readOnly: true })
    const stored = new Set((database.prepare("select message from testimonials where parent_name = 'Load Test'").all() as { message: string }[]).map((row) => row.message))
    database.close()
    expect(acknowledged.filter((message) => !stored.has(message))).toEqual([])

    // And the site starts again on that file as if nothing happened.
    const restarted = await startApp(SEVERAL_WORKERS, { dataDir: app.dataDir })
    running.push(restarted)
    expect((await fetch(`${restarted.url}/`)).status).toBe(200)
    expect((await readiness(restarted)).status).toBe(200)
  })

  test('a database outage gives a clear 503 page and a failing /readyz; the site recovers by itself', async () => {
    const databaseUrl = new URL(await createTestDatabase(inject('postgresAdminUrl')))
    const proxy = await startTcpProxy(Number(databaseUrl.port))
    cleanups.push(proxy.close)
    databaseUrl.port = String(proxy.port)
    const app = await startApp({ DATABASE_URL: databaseUrl.href, SEED_DEMO: 'true' })
    running.push(app)
    expect((await fetch(`${app.url}/blogs`)).status).toBe(200)

    await proxy.cut()
    expect(await readiness(app)).toEqual({ status: 503, body: { status: 'unavailable', checks: { database: 'unreachable', storage: 'ok' } } })
    // A page the page cache holds is still served while it lasts; any other is the 503 page.
    const kept = await fetch(`${app.url}/blogs`)
    expect([kept.status, kept.headers.get('x-cache')]).toEqual([200, 'hit'])
    const page = await fetch(`${app.url}/policies`)
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('30')
    const html = await page.text()
    expect(html).toContain('The site could not show this page just now. Please try again in a moment.')
    expect(html).not.toMatch(/ECONNREFUSED|ECONNRESET|\n\s+at |node_modules/)
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200)

    await proxy.mend()
    await expect.poll(async () => (await readiness(app)).status, { timeout: 15_000 }).toBe(200)
    expect((await fetch(`${app.url}/blogs`)).status).toBe(200)
  })

  test('a file store outage fails /readyz and file requests with 503; pages and files come back by themselves', async () => {
    const s3 = await startS3Server()
    cleanups.push(() => s3.close())
    const proxy = await startTcpProxy(Number(new URL(s3.env.S3_ENDPOINT).port))
    cleanups.push(proxy.close)
    const app = await startApp({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`, SEED_DEMO: 'true' })
    running.push(app)
    const gallery = await (await fetch(`${app.url}/gallery`)).text()
    const file = /\/files\/gallery\/[\w./-]+\.webp/.exec(gallery)![0]
    expect((await fetch(`${app.url}${file}`)).status).toBe(200)

    await proxy.cut()
    expect(await readiness(app)).toEqual({ status: 503, body: { status: 'unavailable', checks: { database: 'ok', storage: 'unreachable' } } })
    const missing = await fetch(`${app.url}${file}`)
    expect(missing.status).toBe(503)
    expect(await missing.text()).not.toMatch(/ECONNREFUSED|\n\s+at /)
    // Pages that need no file from the store still work.
    expect((await fetch(`${app.url}/blogs`)).status).toBe(200)

    await proxy.mend()
    await expect.poll(async () => (await readiness(app)).status, { timeout: 15_000 }).toBe(200)
    expect((await fetch(`${app.url}${file}`)).status).toBe(200)
  })
})
