import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { createTestDatabase } from '#tests/setup/postgres-global.ts'

const run = promisify(execFile)
const ADMIN = { ADMIN_EMAIL: 'head@school.test', ADMIN_PASSWORD: 'head-teacher-password' }

let app: AppProcess
beforeAll(async () => {
  app = await startApp(ADMIN)
})
afterAll(async () => {
  await app?.stop()
})

/** The README's command, against a site's data folder (the running site's unless told), given at most 30 s to end. */
async function apiKeyCommand(...args: string[]) {
  return apiKeyCommandFor({ DATA_DIR: app.dataDir }, ...args)
}

async function apiKeyCommandFor(site: Record<string, string>, ...args: string[]) {
  const { stdout } = await run('npm', ['run', '--silent', 'api-key', '--', ...args], { env: { ...process.env, NODE_ENV: 'production', ...site }, timeout: 30_000 })
  return stdout
}

const json = (key: string, body: unknown, method = 'POST') => ({
  method,
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

describe('the content API as a running site serves it', () => {
  test('with PostgreSQL, the script prints the key and ends by itself', { timeout: 120_000 }, async () => {
    const databaseUrl = await createTestDatabase(inject('postgresAdminUrl'))
    const site = await startApp({ ...ADMIN, DATABASE_URL: databaseUrl })
    try {
      const env = { DATA_DIR: site.dataDir, DATABASE_URL: databaseUrl }
      // Each must end with code 0 within its 30 s: execFile kills a command still running then, and rejects.
      expect(await apiKeyCommandFor(env, 'create', '--name', 'on-postgres', '--role', 'editor')).toMatch(/\bsw_[A-Za-z]{64}\b/)
      expect(await apiKeyCommandFor(env, 'list')).toMatch(/on-postgres {2}editor {2}sw_/)
    } finally {
      await site.stop()
    }
  })

  test("the README's example: a key from the script, a post created with it, on /blogs at once", async () => {
    const printed = await apiKeyCommand('create', '--name', 'ci', '--role', 'editor')
    const key = /\bsw_[A-Za-z]{64}\b/.exec(printed)?.[0]
    expect(key, printed).toBeDefined()

    const created = await fetch(`${app.url}/api/v1/posts`, json(key!, { title: 'Hello from a script', slug: 'hello-from-a-script', content: '<p>Posted through the API.</p>' }))
    expect(created.status).toBe(201)
    const post = (await created.json()) as { id: string; slug: string }
    expect(post.slug).toBe('hello-from-a-script')

    const blogs = await (await fetch(`${app.url}/blogs`)).text()
    expect(blogs).toContain('Hello from a script')

    // PATCH and DELETE reach the API (the site answers 405 to them elsewhere).
    const changed = await fetch(`${app.url}/api/v1/posts/${post.id}`, json(key!, { title: 'Hello again' }, 'PATCH'))
    expect(changed.status).toBe(200)
    expect(await fetch(`${app.url}/blogs/hello-from-a-script`).then((response) => response.text())).toContain('Hello again')
    expect((await fetch(`${app.url}/api/v1/posts/${post.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${key!}` } })).status).toBe(204)
    expect((await fetch(`${app.url}/blogs/hello-from-a-script`)).status).toBe(404)

    const listed = await apiKeyCommand('list')
    expect(listed).toMatch(/ci {2}editor {2}sw_/)
    const id = /^(\S+) {2}ci {2}/m.exec(listed)?.[1]
    expect(await apiKeyCommand('revoke', id!)).toContain('API key revoked')
    expect((await fetch(`${app.url}/api/v1/posts`, { headers: { authorization: `Bearer ${key!}` } })).status).toBe(401)
  })

  test('bodies: a key gets the staff limit, no key the small one; refusals keep the error format', async () => {
    const key = /\bsw_[A-Za-z]{64}\b/.exec(await apiKeyCommand('create', '--name', 'limits', '--role', 'editor'))![0]
    // 75 KB of content: over the 64 KB anyone may send, within a staff form's 2 MB.
    const long = { title: 'Long read', slug: 'long-read', content: `<p>${'word '.repeat(15_000)}</p>` }
    const refused = await fetch(`${app.url}/api/v1/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(long) })
    expect(refused.status).toBe(413)
    expect(await refused.json()).toMatchObject({ error: { code: 'payload_too_large', message: expect.stringContaining('64 KB') } })
    expect((await fetch(`${app.url}/api/v1/posts`, json(key, long))).status).toBe(201)

    const put = await fetch(`${app.url}/api/v1/posts`, { method: 'PUT', headers: { authorization: `Bearer ${key}` } })
    expect(put.status).toBe(405)
    expect(await put.json()).toMatchObject({ error: { code: 'method_not_allowed' } })
    // Elsewhere on the site the other methods stay refused.
    expect((await fetch(`${app.url}/blogs`, { method: 'DELETE' })).status).toBe(405)

    const unknown = await fetch(`${app.url}/api/v1/nothing/here/at-all`, { headers: { authorization: `Bearer ${key}` } })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } })

    const openapi = await fetch(`${app.url}/api/v1/openapi.json`)
    expect(openapi.status).toBe(200)
    expect(await openapi.json()).toMatchObject({ openapi: '3.1.0', servers: [{ url: `${app.url}/api/v1` }] })
  })
})
