import { afterAll, describe, expect, test } from 'vitest'
import { readEvents, SEVERAL_WORKERS, SEVERAL_WORKERS_TIMEOUT_MS, signIn, startApp, startAppExpectingFailure, type AppProcess } from '#tests/setup/app-process.ts'
import { startS3Server } from '#tests/setup/s3-server.ts'

const running: AppProcess[] = []
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()))
})

describe('npm start on an empty data folder (SQLite, local storage)', () => {
  test('prints the admin credentials once, serves the themed page, stops cleanly and keeps its data', { timeout: SEVERAL_WORKERS_TIMEOUT_MS }, async () => {
    const first = await startApp(SEVERAL_WORKERS)
    running.push(first)
    await expect.poll(() => first.output()).toContain('shown only once')
    const password = /password: (\S+)/.exec(first.output())?.[1]
    expect(first.output()).toContain(`Sign in at ${first.url}/auth with:\n    email:    admin@school.local`)
    expect(password).toBeTruthy()
    // The password box is the last thing printed, after the address the site listens on.
    expect(first.output().trimEnd()).toMatch(/listening on http:\/\/localhost:\d+ \(2 worker processes\)"\}\n\n {2}First administrator created[^]*note it now and change it after signing in\.$/)

    const home = await fetch(`${first.url}/`)
    expect(home.status).toBe(200)
    expect(await home.text()).toMatch(/<html lang="en" style="--primary:215 70% 35%;--secondary:15 80% 60%;--accent:145 65% 50%/)

    // An open event stream does not hold up a graceful stop.
    const stream = await fetch(`${first.url}/api/changes?tables=themes`)
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    const started = Date.now()
    expect(await first.stop()).toBe(0)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(first.output()).toContain('SIGTERM received')

    const second = await startApp(SEVERAL_WORKERS, { dataDir: first.dataDir })
    running.push(second)
    expect(second.output()).not.toContain('password')
    expect((await signIn(second, 'admin@school.local', password!)).status).toBe(200)
    expect((await signIn(second, 'admin@school.local', 'wrong-password')).status).toBe(401)
  })

  test('the change feed refuses unknown tables and staff tables without a staff session', async () => {
    const app = await startApp()
    running.push(app)
    expect((await fetch(`${app.url}/api/changes?tables=secrets`)).status).toBe(400)
    expect((await fetch(`${app.url}/api/changes`)).status).toBe(400)
    const staffOnly = await fetch(`${app.url}/api/changes?tables=contact_messages`, { redirect: 'manual' })
    expect(staffOnly.status).toBe(302)
    expect(staffOnly.headers.get('location')).toBe('/auth?error=access_denied')
    const events = readEvents(await fetch(`${app.url}/api/changes?tables=themes`))
    await events.cancel()
  })

  test('a bad configuration value stops start-up with a message naming the variable', async () => {
    const { code, output } = await startAppExpectingFailure({ PORT: 'eighty' })
    expect(code).toBe(1)
    expect(output).toContain('PORT')
    expect(output).not.toContain('    at ')
  })
})

describe('npm start with a file store it cannot use', () => {
  test('an S3 bucket that does not exist stops start-up, of a new site or an existing one, with a message saying what to check', async () => {
    const existing = await startApp()
    running.push(existing)
    await existing.stop()
    const s3 = await startS3Server('school')
    try {
      for (const dataDir of [undefined, existing.dataDir]) {
        const { code, output } = await startAppExpectingFailure({ ...s3.env, S3_BUCKET: 'no-such-bucket', ...(dataDir ? { DATA_DIR: dataDir } : {}) })
        expect(code).toBe(1)
        expect(output).toContain(`Cannot use the S3 bucket 'no-such-bucket' at ${s3.env.S3_ENDPOINT} for uploaded files`)
        expect(output).toContain('S3_* settings')
        expect(output).not.toContain('    at ')
      }
    } finally {
      await s3.close()
    }
  })
})
