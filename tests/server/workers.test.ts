import fs from 'node:fs'
import http from 'node:http'
import { afterAll, describe, expect, test } from 'vitest'
import { readEvents, signIn, startApp, type AppProcess } from '#tests/setup/app-process.ts'

const running: AppProcess[] = []
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()))
})

async function start(env: Record<string, string> = {}) {
  const app = await startApp({ WEB_CONCURRENCY: '2', ...env })
  running.push(app)
  return app
}

/** The processes the server started (its workers), from /proc. */
function childrenOf(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
  return text ? text.split(/\s+/).map(Number) : []
}

/** Running still (a zombie waiting for whoever adopted it to reap it has stopped). */
function alive(pid: number) {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return false
  }
}

/** A GET on a connection of its own: the primary hands each new connection to the next worker. */
function getAlone(url: string) {
  return new Promise<number>((resolve, reject) => {
    http.get(url, { agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    }).on('error', reject)
  })
}

const admin = { ADMIN_EMAIL: 'head@school.test', ADMIN_PASSWORD: 'head-teacher-password' }

describe('WEB_CONCURRENCY worker processes on the embedded database', () => {
  test('a first start seeds once, prints the administrator once and says it listens once; every worker serves', async () => {
    const app = await start()
    await expect.poll(() => childrenOf(app.pid).length).toBe(2)
    // The password comes last, after the address, and may arrive a moment after it.
    await expect.poll(() => app.output()).toContain('First administrator created')
    expect(app.output().match(/listening on/g)).toHaveLength(1)
    expect(app.output().match(/First administrator created/g)).toHaveLength(1)
    expect(app.output().match(/New site created/g)).toHaveLength(1)
    const answers = await Promise.all(Array.from({ length: 6 }, () => getAlone(`${app.url}/`)))
    expect(answers).toEqual(Array(6).fill(200))
    // Each request line names the process that served it. The worker that made the new site hands over to a
    // fresh one, which may still be starting: requests go on until both workers have answered.
    const servedBy = () => [...new Set([...app.output().matchAll(/"pid":(\d+),"reqId"/g)].map((match) => Number(match[1])))].sort()
    await expect
      .poll(async () => {
        expect(await getAlone(`${app.url}/`)).toBe(200)
        return servedBy().filter((pid) => childrenOf(app.pid).includes(pid))
      }, { timeout: 30_000 })
      .toEqual(childrenOf(app.pid).sort())

    expect(await app.stop()).toBe(0)
    expect(app.output()).not.toMatch(/"level":"error"/)
  })

  test("a write through one worker reaches the change streams every worker holds", async () => {
    const app = await start(admin)
    const { cookie } = await signIn(app, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD)
    // The primary hands connections to the workers in turn: four streams are held by both.
    const streams = await Promise.all(Array.from({ length: 4 }, () => fetch(`${app.url}/api/changes?tables=profiles`, { headers: { cookie } })))
    expect(streams.map((stream) => stream.status)).toEqual(Array(4).fill(200))
    const events = streams.map((stream) => readEvents(stream))

    const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ email: 'new.teacher@school.test', password: 'teacher-password', name: 'New Teacher' }),
    })
    expect(signUp.status).toBe(200)
    const userId = ((await signUp.json()) as { user: { id: string } }).user.id
    for (const stream of events) expect(JSON.parse((await stream.next()).data)).toEqual({ table: 'profiles', type: 'insert', id: userId })
    await Promise.all(events.map((stream) => stream.cancel()))
  })

  test('a worker that dies is replaced; the primary killed with SIGKILL leaves no worker behind', async () => {
    const app = await start()
    await expect.poll(() => childrenOf(app.pid).length).toBe(2)
    const [first, second] = childrenOf(app.pid) as [number, number]
    process.kill(first, 'SIGKILL')
    await expect.poll(() => childrenOf(app.pid).filter((pid) => pid !== first).length, { timeout: 20_000 }).toBe(2)
    expect(childrenOf(app.pid)).toContain(second)
    expect(app.output()).toMatch(/stopped \(SIGKILL\); starting another/)
    await expect.poll(async () => (await fetch(`${app.url}/`)).status, { timeout: 20_000 }).toBe(200)

    const workers = childrenOf(app.pid)
    await app.crash()
    await expect.poll(() => workers.filter(alive), { timeout: 10_000 }).toEqual([])
    await expect(fetch(`${app.url}/`)).rejects.toThrow()
  })

  test('SIGTERM lets every worker finish its open responses, then all stop with exit code 0', async () => {
    const app = await start()
    await expect.poll(() => childrenOf(app.pid).length).toBe(2)
    const workers = childrenOf(app.pid)
    // Change streams are responses in progress on both workers (the primary hands connections out in turn).
    const streams = await Promise.all(Array.from({ length: 4 }, () => fetch(`${app.url}/api/changes?tables=themes`)))
    expect(streams.map((stream) => stream.status)).toEqual(Array(4).fill(200))
    const bodies = streams.map((stream) => stream.text())
    const code = await app.stop()
    // Each ends as a whole response (a reset connection would reject).
    for (const body of await Promise.all(bodies)) expect(body).toMatch(/^retry: \d+$/m)
    expect(code).toBe(0)
    expect(workers.filter(alive)).toEqual([])
  })

  test('a bad WEB_CONCURRENCY stops the start with a clear message', async () => {
    const { startAppExpectingFailure } = await import('#tests/setup/app-process.ts')
    const { code, output } = await startAppExpectingFailure({ WEB_CONCURRENCY: 'lots' })
    expect(code).toBe(1)
    expect(output).toContain('WEB_CONCURRENCY: must be a whole number from 1 to 64')
  })
})
