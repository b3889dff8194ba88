import { afterAll, describe, expect, test } from 'vitest'
import { startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { freePort } from '#tests/setup/free-port.ts'

const running: AppProcess[] = []
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()))
})

interface LogLine {
  level: string
  msg: string
  reqId?: string
  req?: { method: string; url: string }
  res?: { status: number }
  responseTime?: number
}

function logLines(app: AppProcess): LogLine[] {
  return app
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
}

/** A port where nothing listens: connections to it are refused at once. */
describe('probes and logs of one instance', () => {
  test('/healthz and /readyz answer, uncached; each request is one JSON log line with the id sent back, and secrets in links are not logged', async () => {
    const app = await startApp()
    running.push(app)

    const health = await fetch(`${app.url}/healthz`)
    expect(health.status).toBe(200)
    expect(health.headers.get('cache-control')).toBe('no-store')
    expect(await health.json()).toEqual({ status: 'ok' })
    const ready = await fetch(`${app.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } })

    const page = await fetch(`${app.url}/auth/reset-password?token=secret-reset-token`)
    const id = page.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const forwarded = await fetch(`${app.url}/blogs`, { headers: { 'x-request-id': 'proxy-id-42' } })
    expect(forwarded.headers.get('x-request-id')).toBe('proxy-id-42')
    const forged = await fetch(`${app.url}/blogs`, { headers: { 'x-request-id': 'not allowed\twith spaces' } })
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)

    await expect.poll(() => logLines(app).filter((line) => line.msg === 'request completed').length).toBe(3)
    // Each worker writes its own lines: they are found by request id, not by their order in the output.
    const requests = logLines(app).filter((line) => line.msg === 'request completed')
    const reset = requests.find((line) => line.reqId === id)
    expect(reset).toMatchObject({ level: 'info', reqId: id, req: { method: 'GET', url: '/auth/reset-password?token=redacted' }, res: { status: 200 } })
    expect(reset!.responseTime).toBeGreaterThanOrEqual(0)
    expect(requests.find((line) => line.reqId === 'proxy-id-42')).toMatchObject({ req: { url: '/blogs' } })
    expect(app.output()).not.toContain('secret-reset-token')
    // The link of a reset mail carries its token in the path.
    await fetch(`${app.url}/api/auth/reset-password/secret-path-token?callbackURL=%2Fauth%2Freset-password`, { redirect: 'manual' })
    await expect.poll(() => logLines(app).filter((line) => line.msg === 'request completed').length).toBe(4)
    expect(logLines(app).filter((line) => line.msg === 'request completed' && line.req?.url.startsWith('/api/'))).toMatchObject([{ req: { url: '/api/auth/reset-password/redacted?callbackURL=%2Fauth%2Freset-password' } }])
    expect(app.output()).not.toContain('secret-path-token')
    // Probes are not logged, and no header (cookies!) is.
    expect(app.output()).not.toContain('/healthz')
    expect(app.output()).not.toMatch(/"headers"|cookie/i)
  })

  test('with its file store unreachable, /readyz fails and names it; a failing file request shows no error details', async () => {
    // A site made on local disk, started again with its files in a store that does not answer.
    const made = await startApp()
    running.push(made)
    await made.stop()
    const app = await startApp(
      {
        S3_BUCKET: 'school',
        S3_ENDPOINT: `http://127.0.0.1:${await freePort()}`,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
      { dataDir: made.dataDir },
    )
    running.push(app)
    const ready = await fetch(`${app.url}/readyz`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', storage: 'unreachable' } })
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200)

    const file = await fetch(`${app.url}/files/gallery/general/missing.webp`)
    expect(file.status).toBeGreaterThanOrEqual(500)
    const body = await file.text()
    expect(body).not.toMatch(/ECONNREFUSED|\n\s+at |node_modules|\.ts:\d+/)
    const failure = logLines(app).find((line) => line.level === 'error' && line.reqId === file.headers.get('x-request-id'))
    expect(failure).toBeDefined()
  })
})
