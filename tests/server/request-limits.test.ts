import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BODY_LIMITS } from '#app/lib/body-limits.ts'
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { signIn, startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { png } from '#tests/setup/hostile-values.ts'
import { sendChunked, sendRequest, sendSlowly, withPeakMemory } from '#tests/setup/raw-http.ts'

/*
 * The limits on request bodies, on the real server: a body larger than its
 * route allows is refused with 413 as it streams in (a chunked body declares
 * no length), a body that trickles ends with 408, and staff get the larger
 * limits of their forms and uploads only once their session and role are known.
 */
const ADMIN = { ADMIN_EMAIL: 'head@school.test', ADMIN_PASSWORD: 'head-teacher-password' }
const MB = 1024 * 1024
/** How much a refused attempt may make the server's resident memory grow. */
const MEMORY_BUDGET = 50 * MB

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

function errorLines() {
  return app
    .output()
    .split('\n')
    .filter((line) => /"level":"error"|ERROR|SERVER_ERROR/.test(line))
}

function multipart(parts: { name: string; value: string | { filename: string; type: string; bytes: Uint8Array } }[]) {
  const boundary = `----limits${Date.now()}`
  const chunks = parts.flatMap(({ name, value }) =>
    typeof value === 'string'
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`), value.bytes, Buffer.from('\r\n')],
  )
  return { body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}`, boundary }
}

describe('bodies too large', () => {
  const attempts = [
    { what: 'the contact form', path: '/?index', type: 'application/x-www-form-urlencoded', prefix: 'name=A+Parent&email=a%40example.org&message=', origin: true },
    { what: 'sign-in', path: '/api/auth/sign-in/email', type: 'application/json', prefix: '{"email":"head@school.test","password":"', origin: true },
    // A mail provider's one-click unsubscribe, answered before the router: no Origin.
    { what: 'a one-click unsubscribe', path: '/unsubscribe/no-such-token', type: 'application/x-www-form-urlencoded', prefix: 'List-Unsubscribe=One-Click&padding=', origin: false },
  ]
  for (const { what, path, type, prefix, origin } of attempts) {
    test(`a 100 MB chunked body to ${what} is refused with 413 once past its limit, and memory stays bounded`, async () => {
      const { result, growthBytes } = await withPeakMemory(app.pid, () =>
        sendChunked(app.url, { path, headers: { 'Content-Type': type, ...(origin ? { Origin: app.url } : {}) }, prefix, totalBytes: 100 * MB }),
      )
      expect(result.status, `${result.body} ${result.error ?? ''} ${app.output().slice(-600)}`).toBe(413)
      expect((JSON.parse(result.body) as { error: string }).error).toMatch(/too large.*64 KB/)
      // The server stopped reading soon after the limit (what is left sits in socket buffers).
      expect(result.sent).toBeLessThan(20 * MB)
      expect(growthBytes, `resident memory grew by ${Math.round(growthBytes / MB)} MB`).toBeLessThan(MEMORY_BUDGET)
    })
  }

  test('a body that declares a length over the limit is refused before it is read', async () => {
    const body = new URLSearchParams({ name: 'A Parent', email: 'a@example.org', message: 'x'.repeat(BODY_LIMITS.anyone.maxBytes) })
    const response = await fetch(`${app.url}/?index`, { method: 'POST', body, headers: { origin: app.url } })
    expect(response.status).toBe(413)
    const answer = (await response.json()) as { error: string }
    expect(Object.keys(answer)).toEqual(['error'])
    expect(answer.error).toMatch(/too large/)
  })

  test('a body within the limit still reaches the route', async () => {
    const response = await fetch(`${app.url}/api/auth/sign-in/email`, { method: 'POST', body: JSON.stringify({ email: 'nobody@school.test', password: 'not-the-password', padding: 'x'.repeat(40_000) }), headers: { origin: app.url, 'content-type': 'application/json' } })
    expect(response.status).toBe(401)
  })
})

describe('bodies too slow', () => {
  test(`a body that trickles in a few bytes a second is answered 408 after ${BODY_LIMITS.anyone.maxMs / 1000} s`, async () => {
    const ownOrigin = { Origin: app.url }
    const answers = await Promise.all(
      [
        { path: '/?index', headers: ownOrigin },
        { path: '/api/auth/sign-in/email', headers: ownOrigin },
        // A one-click unsubscribe, answered before the router, from a mail provider's server: no Origin.
        { path: '/unsubscribe/no-such-token', headers: {} },
      ].map(({ path, headers }) =>
        sendSlowly(app.url, { path, headers: { 'Content-Type': 'application/json', ...headers }, prefix: '{"email":"', totalBytes: 500, bytesPerTick: 3, tickMs: 500, maxMs: BODY_LIMITS.anyone.maxMs + 10_000 }),
      ),
    )
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(408)
      expect(answer.elapsedMs).toBeGreaterThanOrEqual(BODY_LIMITS.anyone.maxMs - 100)
      expect(answer.elapsedMs).toBeLessThan(BODY_LIMITS.anyone.maxMs + 3_000)
      expect((JSON.parse(answer.body) as { error: string }).error).toMatch(/too long/)
    }
  }, 40_000)
})

describe('staff limits, only after the session and role check', () => {
  test('a long text form: read for an admin, refused unread for anyone else', async () => {
    const body = new URLSearchParams({ intent: 'create', parentName: 'A Parent', message: 'é'.repeat(100_000), rating: '5' }).toString()
    expect(body.length).toBeGreaterThan(BODY_LIMITS.anyone.maxBytes)
    const headers = { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' }
    const staff = await fetch(`${app.url}/admin/testimonials`, { method: 'POST', body, headers: { ...headers, cookie }, redirect: 'manual' })
    // Read and checked by the route: the message is too long for its schema.
    expect(staff.status).toBe(400)
    expect(await staff.text()).toContain('Message must be less than')
    const anonymous = await fetch(`${app.url}/admin/testimonials`, { method: 'POST', body, headers, redirect: 'manual' })
    expect(anonymous.status).toBe(413)
  })

  test('an upload larger than the anonymous limit succeeds for staff; anonymous, the same is refused', async () => {
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .png()
      .toBuffer()
    expect(photo.length).toBeGreaterThan(BODY_LIMITS.anyone.maxBytes)
    const form = multipart([
      { name: 'intent', value: 'upload' },
      { name: 'title', value: 'Noise' },
      { name: 'images', value: { filename: 'noise.png', type: 'image/png', bytes: photo } },
    ])
    const headers = { origin: app.url, 'content-type': form.type }
    const staff = await fetch(`${app.url}/admin/gallery`, { method: 'POST', body: form.body, headers: { ...headers, cookie }, redirect: 'manual' })
    expect(staff.status).toBe(200)
    expect(await staff.text()).toContain('uploaded')
    const anonymous = await fetch(`${app.url}/admin/gallery`, { method: 'POST', body: form.body, headers, redirect: 'manual' })
    expect(anonymous.status).toBe(413)
  })

  test('an image a little over its limit gets the upload message; a huge one is cut off early', async () => {
    const small = png(8, 8)
    const form = multipart([
      { name: 'intent', value: 'upload' },
      { name: 'images', value: { filename: 'big.png', type: 'image/png', bytes: Buffer.concat([small, Buffer.alloc(MAX_IMAGE_BYTES + 1 - small.length)]) } },
    ])
    const modest = await fetch(`${app.url}/admin/gallery`, { method: 'POST', body: form.body, headers: { origin: app.url, cookie, 'content-type': form.type }, redirect: 'manual' })
    expect(modest.status).toBe(400)
    expect(await modest.text()).toContain(UPLOAD_MESSAGES.imageTooLarge)

    const head = `--${form.boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate\r\n--${form.boundary}\r\nContent-Disposition: form-data; name="coverImage"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`
    const { result, growthBytes } = await withPeakMemory(app.pid, () =>
      sendChunked(app.url, { path: '/admin/blogs', headers: { 'Content-Type': `multipart/form-data; boundary=${form.boundary}`, Origin: app.url, Cookie: cookie }, prefix: head, totalBytes: 300 * MB }),
    )
    expect(result.status, result.body).toBe(413)
    expect(result.sent).toBeLessThan(BODY_LIMITS.imageUpload.maxBytes + 20 * MB)
    // At most one image's worth is kept while the rest streams past.
    expect(growthBytes, `resident memory grew by ${Math.round(growthBytes / MB)} MB`).toBeLessThan(BODY_LIMITS.imageUpload.maxBytes + MEMORY_BUDGET)
  }, 60_000)
})

describe('methods', () => {
  test('TRACE and other methods the site does not use get 405 with Allow, never a logged error', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'PUT', 'PATCH', 'DELETE', 'MKCOL']) {
      for (const path of ['/', '/api/auth/sign-in/email', '/admin/blogs']) {
        const answer = await sendRequest(app.url, { method, path, headers: { 'Content-Length': '0' } })
        expect(answer.status, `${method} ${path}`).toBe(405)
        expect(answer.headers.allow).toBe('GET, HEAD, POST, OPTIONS')
      }
    }
    const options = await sendRequest(app.url, { method: 'OPTIONS', path: '/' })
    expect(options.status).toBe(204)
    expect(options.headers.allow).toBe('GET, HEAD, POST, OPTIONS')
    expect(options.headers['access-control-allow-origin']).toBeUndefined()
    expect(errorLines()).toEqual([])
  })

  test('a form posted to a page without an action gets 405, never a logged error', async () => {
    for (const path of ['/blogs', '/calendar', '/policies']) {
      const answer = await fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url }, body: 'a=1' })
      expect(answer.status, path).toBe(405)
    }
    expect(errorLines()).toEqual([])
  })
})

describe('headers', () => {
  test('admin pages, their data and the auth endpoints are never stored by a cache', async () => {
    for (const path of ['/admin', '/admin/blogs', '/admin/blogs.data', '/admin.data', '/ADMIN/Blogs', '/api/auth/get-session']) {
      const response = await fetch(`${app.url}${path}`, { headers: { cookie }, redirect: 'manual' })
      expect(response.status, path).toBeLessThan(400)
      expect(response.headers.get('cache-control'), path).toBe('no-store')
    }
    const anonymous = await fetch(`${app.url}/admin/users`, { redirect: 'manual' })
    expect(anonymous.headers.get('cache-control')).toBe('no-store')
  })

  test('every page says which browser features it may use: none but passkeys', async () => {
    for (const path of ['/', '/auth', '/admin', '/admin/blogs.data']) {
      const policy = (await fetch(`${app.url}${path}`, { redirect: 'manual' })).headers.get('permissions-policy') ?? ''
      expect(policy, path).toContain('camera=()')
      expect(policy, path).toContain('microphone=()')
      expect(policy, path).toContain('geolocation=()')
      expect(policy, path).toContain('publickey-credentials-get=(self)')
      expect(policy, path).toContain('publickey-credentials-create=(self)')
    }
  })
})
