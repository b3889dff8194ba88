import fs from 'node:fs'
import { afterAll, expect, test } from 'vitest'
import { signIn, startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { pageFormToken } from '#tests/setup/form-token.ts'

/*
 * Ten minutes (SOAK_MINUTES) of mixed reads and writes from a few workers on
 * loopback against one production instance with the demo site: no answer may
 * be a 5xx, and the server's memory must level off rather than keep growing.
 */
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10)
const WORKERS = 8
const ADMIN = { ADMIN_EMAIL: 'head@school.test', ADMIN_PASSWORD: 'head-teacher-password' }

const running: AppProcess[] = []
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()))
})

function residentMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

test(`${MINUTES} minutes of mixed load: zero 5xx and flat memory`, { timeout: (MINUTES + 2) * 60_000 }, async () => {
  const app = await startApp({ ...ADMIN, SEED_DEMO: 'true', TRUST_PROXY: 'true' })
  running.push(app)
  const { cookie } = await signIn(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)
  const blogs = await (await fetch(`${app.url}/blogs`)).text()
  const post = /href="(\/blogs\/[a-z0-9-]+)"/.exec(blogs)![1]!
  const image = /\/files\/gallery\/[\w./-]+\.webp/.exec(await (await fetch(`${app.url}/gallery`)).text())![0]
  const formToken = await pageFormToken(`${app.url}/`)
  // The contact form takes a message only 3 s after the form was served.
  await new Promise((resolve) => setTimeout(resolve, 3_100))
  const reads = ['/', '/blogs', post, '/gallery', '/calendar', '/policies', image, '/blogs/rss.xml', '/calendar.ics', '/admin']

  const statuses = new Map<number, number>()
  const serverErrors: string[] = []
  const memory: { at: number; mb: number }[] = []
  const started = Date.now()
  const deadline = started + MINUTES * 60_000
  const sampler = setInterval(() => memory.push({ at: Date.now() - started, mb: residentMegabytes(app.pid) }), 5_000)

  async function request(label: string, url: string, init?: RequestInit) {
    const response = await fetch(`${app.url}${url}`, init)
    await response.arrayBuffer()
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
    if (response.status >= 500) serverErrors.push(`${label} ${url} → ${response.status}`)
    return response
  }

  async function worker(id: number) {
    for (let n = 0; Date.now() < deadline; n++) {
      const roll = n % 10
      if (roll < 7) {
        await request('read', reads[(id + n) % reads.length]!, { headers: { cookie } })
      } else if (roll < 9) {
        // An editor's write: a testimonial, through the admin form's action as the page's fetcher posts it (.data:
        // the action's answer alone, not the admin list re-rendered, which grows with every write of the run).
        const message = `Soak ${id}-${n}`
        await request('write', '/admin/testimonials.data', { method: 'POST', headers: { cookie, origin: app.url }, body: new URLSearchParams({ intent: 'create', parentName: 'Soak', message, rating: '4' }) })
      } else {
        // A visitor's message from an address of its own (the 30 s rule per visitor still applies).
        await request('contact', '/?index', {
          method: 'POST',
          headers: { origin: app.url, 'x-forwarded-for': `10.${id}.${(n >> 8) & 255}.${n & 255}` },
          body: new URLSearchParams({ name: 'Soak Parent', email: 'soak@example.org', message: 'Hello', website: '', formToken }),
        })
      }
    }
  }

  await Promise.all(Array.from({ length: WORKERS }, (_, id) => worker(id)))
  clearInterval(sampler)

  const total = [...statuses.values()].reduce((sum, count) => sum + count, 0)
  // After the first fifth (warm-up: caches, JIT), the last fifth's memory must be within 25% of the second fifth's.
  const fifth = (MINUTES * 60_000) / 5
  const early = median(memory.filter((sample) => sample.at > fifth && sample.at <= 2 * fifth).map((sample) => sample.mb))
  const late = median(memory.filter((sample) => sample.at > 4 * fifth).map((sample) => sample.mb))
  console.log(JSON.stringify({ minutes: MINUTES, requests: total, perSecond: Math.round(total / (MINUTES * 60)), statuses: Object.fromEntries(statuses), rssMb: { early: Math.round(early), late: Math.round(late) } }))
  expect(serverErrors.slice(0, 10)).toEqual([])
  expect(total).toBeGreaterThan(MINUTES * 60)
  expect(late).toBeLessThan(early * 1.25)
})
