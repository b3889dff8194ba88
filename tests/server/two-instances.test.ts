import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { inject } from 'vitest'
import { readEvents, signIn, startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { createTestDatabase } from '#tests/setup/postgres-global.ts'

let a: AppProcess
let b: AppProcess
let shared: { DATABASE_URL: string; AUTH_SECRET: string; ADMIN_EMAIL: string; ADMIN_PASSWORD: string }

beforeAll(async () => {
  shared = {
    DATABASE_URL: await createTestDatabase(inject('postgresAdminUrl')),
    AUTH_SECRET: 'shared-secret-of-all-instances-0123456789',
    ADMIN_EMAIL: 'head@school.test',
    ADMIN_PASSWORD: 'head-teacher-password',
  }
  // Both start at once on an empty database: one seeds it, the other waits its turn.
  ;[a, b] = await Promise.all([startApp(shared), startApp(shared)])
})

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((app) => app.stop()))
})

test('a write on one PostgreSQL-backed instance reaches an SSE subscriber on another', async () => {  expect([a, b].filter((app) => app.output().includes('First administrator created'))).toHaveLength(1)
  expect([a, b].filter((app) => app.output().includes('New site created'))).toHaveLength(1)

  // The admin signs in on B and follows new profiles there.
  const admin = await signIn(b, shared.ADMIN_EMAIL, shared.ADMIN_PASSWORD)
  expect(admin.status).toBe(200)
  const stream = await fetch(`${b.url}/api/changes?tables=profiles`, { headers: { cookie: admin.cookie } })
  expect(stream.status).toBe(200)
  const events = readEvents(stream)

  // Someone signs up on A.
  const signUp = await fetch(`${a.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: a.url },
    body: JSON.stringify({ email: 'new.teacher@school.test', password: 'teacher-password', name: 'New Teacher' }),
  })
  expect(signUp.status).toBe(200)
  const userId = ((await signUp.json()) as { user: { id: string } }).user.id

  const received = await events.next()
  expect(received.event).toBe('change')
  expect(JSON.parse(received.data)).toEqual({ table: 'profiles', type: 'insert', id: userId })
  await events.cancel()

  // The session made on B is valid on A: sessions live in the shared database.
  const session = await fetch(`${a.url}/api/auth/get-session`, { headers: { cookie: admin.cookie } })
  expect(((await session.json()) as { user: { email: string } }).user.email).toBe(shared.ADMIN_EMAIL)
})

test('a scheduled post goes live on both instances at its time, and each tells its open pages, without a restart', async () => {
  const streams = await Promise.all([a, b].map((app) => fetch(`${app.url}/api/changes?tables=blogs`)))
  const events = streams.map((stream) => readEvents(stream))
  const id = crypto.randomUUID()
  const slug = `scheduled-${id.slice(0, 8)}`
  const goesLive = new Date(Date.now() + 4000)
  // Written as another instance would write it: the row, then its change on the shared channel.
  const client = new pg.Client({ connectionString: shared.DATABASE_URL })
  await client.connect()
  try {
    await client.query(
      `insert into blogs (id, slug, title, content, status, published_at, updated_at) values ($1, $2, 'Scheduled', '<p>Good morning</p>', 'published', $3, now())`,
      [id, slug, goesLive.toISOString()],
    )
    await client.query('select pg_notify($1, $2)', ['school_changes', JSON.stringify({ table: 'blogs', type: 'insert', id, origin: 'another-instance' })])
  } finally {
    await client.end()
  }
  for (const stream of events) expect(JSON.parse((await stream.next()).data)).toEqual({ table: 'blogs', type: 'insert' })
  for (const app of [a, b]) expect((await fetch(`${app.url}/blogs/${slug}`)).status).toBe(404)

  for (const stream of events) expect(JSON.parse((await stream.next(15_000)).data)).toEqual({ table: 'blogs', type: 'update' })
  expect(Date.now()).toBeGreaterThanOrEqual(goesLive.getTime())
  for (const app of [a, b]) {
    const page = await fetch(`${app.url}/blogs/${slug}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Good morning')
  }
  await Promise.all(events.map((stream) => stream.cancel()))
})
