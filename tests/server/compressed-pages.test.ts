import http from 'node:http'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signIn, startApp, type AppProcess } from '#tests/setup/app-process.ts'

/*
 * A page rendered for each request (an admin page: never from the page cache)
 * leaves gzip-compressed about as small as the whole page compressed at once,
 * not as one compressed block per chunk React wrote.
 */
const ADMIN = { ADMIN_EMAIL: 'head@school.test', ADMIN_PASSWORD: 'head-teacher-password' }

let app: AppProcess
let cookie: string

beforeAll(async () => {
  app = await startApp({ ...ADMIN, AUTH_RATE_LIMIT: 'false' })
  const session = await signIn(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)
  expect(session.status).toBe(200)
  cookie = session.cookie
})

afterAll(async () => {
  await app?.stop()
})

/** The body as it came over the wire, still compressed (fetch would undo the compression). */
function compressedBody(path: string): Promise<{ status: number; encoding: string | undefined; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${app.url}${path}`, { headers: { cookie, 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

test('an admin page is sent gzip-compressed within a fifth of the page compressed whole', async () => {
  const { status, encoding, bytes } = await compressedBody('/admin')
  expect(status).toBe(200)
  expect(encoding).toBe('gzip')
  const page = gunzipSync(bytes)
  expect(page.toString()).toContain('Admin Panel')
  // Flushed after each of React's chunks, the same page took more than half as many bytes again.
  expect(bytes.length).toBeLessThan(gzipSync(page).length * 1.2)
})
