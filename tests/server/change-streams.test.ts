import { DatabaseSync } from 'node:sqlite'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { signIn, startApp, type AppProcess } from '#tests/setup/app-process.ts'

const running: AppProcess[] = []
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()))
})

async function start(env: Record<string, string> = {}) {
  const app = await startApp(env)
  running.push(app)
  return app
}

/** Opens a change stream as a visitor at `address` (the app trusts the loopback proxy's X-Forwarded-For). */
function follow(app: AppProcess, address: string, tables = 'themes') {
  return fetch(`${app.url}/api/changes?tables=${tables}`, { headers: { 'x-forwarded-for': address } })
}

describe('the change feed holds a limited number of streams and ends each after a while', () => {
  test('one /64 may hold 20 streams; the 21st is refused with 429 and Retry-After, until one of them ends', async () => {
    // One process: the limit is per worker process (docs/product-rules.md#worker-processes-and-memory), and with
    // several the streams would be spread over them.
    const app = await start({ TRUST_PROXY: 'loopback', WEB_CONCURRENCY: '1' })
    const streams = await Promise.all(Array.from({ length: 20 }, (_, index) => follow(app, `2001:db8:1:2::${(index + 1).toString(16)}`)))
    expect(streams.map((stream) => stream.status)).toEqual(Array(20).fill(200))

    // Another address of the same /64 is the same visitor.
    const refused = await follow(app, '2001:db8:1:2:ffff:ffff:ffff:ffff')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('30')
    expect(refused.headers.get('content-type')).not.toContain('text/event-stream')
    // A neighbouring /64 and an IPv4 visitor are not affected.
    const neighbour = await follow(app, '2001:db8:1:3::1')
    expect(neighbour.status).toBe(200)
    const ipv4 = await follow(app, '203.0.113.9')
    expect(ipv4.status).toBe(200)

    // Closing one stream gives its place back.
    await streams[0]!.body!.cancel()
    await expect.poll(async () => {
      const again = await follow(app, '2001:db8:1:2::abcd')
      if (again.status === 200) streams.push(again)
      else await again.body?.cancel()
      return again.status
    }).toBe(200)
    for (const stream of [...streams.slice(1), neighbour, ipv4]) await stream.body?.cancel()
  })

  test('a stream ends by itself after CHANGE_STREAM_LIFETIME_SECONDS, telling the browser when to reconnect', async () => {
    const app = await start({ CHANGE_STREAM_LIFETIME_SECONDS: '2' })
    const started = Date.now()
    const response = await fetch(`${app.url}/api/changes?tables=themes`)
    expect(response.status).toBe(200)
    // The whole body arrives: the server ends the stream.
    const body = await response.text()
    const lasted = Date.now() - started
    expect(lasted).toBeGreaterThanOrEqual(1_500)
    expect(lasted).toBeLessThan(10_000)
    const lastRetry = [...body.matchAll(/^retry: (\d+)$/gm)].at(-1)?.[1]
    expect(Number(lastRetry)).toBeGreaterThanOrEqual(1_000)
    expect(Number(lastRetry)).toBeLessThanOrEqual(5_000)
  })

  test('staff tables are refused to a staff member the admin pages would send to set up two-factor sign-in', async () => {
    const admin = { ADMIN_EMAIL: 'head@school.test', ADMIN_PASSWORD: 'head-teacher-password' }
    const app = await start(admin)
    const { cookie } = await signIn(app, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD)
    const allowed = await fetch(`${app.url}/api/changes?tables=profiles`, { headers: { cookie } })
    expect(allowed.status).toBe(200)
    await allowed.body?.cancel()

    const database = new DatabaseSync(path.join(app.dataDir, 'school.sqlite'))
    database.prepare("insert into site_settings (key, value) values ('require_staff_two_factor', 'true')").run()
    database.close()
    for (const table of ['profiles', 'user_roles', 'contact_messages']) {
      const refused = await fetch(`${app.url}/api/changes?tables=themes,${table}`, { headers: { cookie }, redirect: 'manual' })
      expect(refused.status, table).toBe(302)
      expect(refused.headers.get('location'), table).toBe('/admin/account')
    }
    // Public tables stay open to them.
    const themes = await fetch(`${app.url}/api/changes?tables=themes`, { headers: { cookie } })
    expect(themes.status).toBe(200)
    await themes.body?.cancel()
  })
})
