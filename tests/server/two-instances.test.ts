import { afterAll, expect, test } from 'vitest'
import { inject } from 'vitest'
import { readEvents, signIn, startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { createTestDatabase } from '#tests/setup/postgres-global.ts'

const running: AppProcess[] = []
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()))
})

test('a write on one PostgreSQL-backed instance reaches an SSE subscriber on another', async () => {
  const databaseUrl = await createTestDatabase(inject('postgresAdminUrl'))
  const shared = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: 'shared-secret-of-all-instances-0123456789',
    ADMIN_EMAIL: 'head@school.test',
    ADMIN_PASSWORD: 'head-teacher-password',
  }
  // Both start at once on an empty database: one seeds it, the other waits its turn.
  const [a, b] = await Promise.all([startApp(shared), startApp(shared)])
  running.push(a, b)
  expect([a, b].filter((app) => app.output().includes('First administrator created'))).toHaveLength(1)
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
