import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { countContent } from '#app/domain/dashboard/dashboard.server.ts'
import { db } from '#app/lib/db.server.ts'
import { adminGuard, requireStaff } from '#app/services/permissions.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { seedBaseContent, seedDemoContent } from '#app/services/seed/seed.ts'
import type { ProfileStatus, Role } from '#db/tables/people.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser, requestWithCookie } from '#tests/setup/users.ts'

prepareTestDatabase()

type GuardArgs = Parameters<typeof adminGuard>[0]

/** What the admin middleware does with a request for a path: lets it through (with the role it saw) or redirects. */
async function guard(path: string, cookie?: string, method = 'GET') {
  const context = new RouterContextProvider()
  const args = { request: requestWithCookie(path, cookie, { method }), context, params: {} } as unknown as GuardArgs
  try {
    await adminGuard(args, () => Promise.resolve(new Response('page')))
    return `through as ${requireStaff(context, 'user').role}`
  } catch (thrown) {
    if (thrown instanceof Response) return `redirect ${thrown.headers.get('Location')}`
    throw thrown
  }
}

const DENIED = 'redirect /auth?error=access_denied'
const TO_DASHBOARD = 'redirect /admin'

describe('the admin guard middleware', () => {
  test('no session: every admin path and data request goes to /auth?error=access_denied', async () => {
    for (const path of ['/admin', '/admin.data', '/admin/blogs', '/admin/users.data', '/admin/theme']) {
      expect(await guard(path), path).toBe(DENIED)
    }
    expect(await guard('/admin/blogs', 'better-auth.session_token=forged.value', 'POST')).toBe(DENIED)
  })

  const cases: [Role, ProfileStatus, Record<string, string>][] = [
    ['user', 'approved', { '/admin': 'through as user', '/admin/blogs': TO_DASHBOARD, '/admin/contact.data': TO_DASHBOARD, '/admin/users': TO_DASHBOARD, '/admin/unknown': TO_DASHBOARD, '/admin/account': 'through as user' }],
    ['editor', 'approved', { '/admin': 'through as editor', '/admin/blogs.data': 'through as editor', '/admin/gallery/folders': 'through as editor', '/admin/users': TO_DASHBOARD, '/admin/theme.data': TO_DASHBOARD }],
    ['admin', 'approved', { '/admin': 'through as admin', '/admin/sections': 'through as admin', '/admin/users': 'through as admin', '/admin/theme.data': 'through as admin' }],
    ['admin', 'pending', { '/admin': 'through as user', '/admin/blogs': TO_DASHBOARD, '/admin/users': TO_DASHBOARD }],
    // A rejected account cannot sign in at all.
    ['editor', 'rejected', { '/admin': DENIED, '/admin/events': DENIED }],
  ]
  for (const [role, status, expectations] of cases) {
    test(`${status} ${role}`, async () => {
      const { cookie } = await createSignedInUser(role, status)
      for (const [path, outcome] of Object.entries(expectations)) {
        expect(await guard(path, cookie), path).toBe(outcome)
        expect(await guard(path, cookie, 'POST'), `POST ${path}`).toBe(outcome)
      }
    })
  }

  test('a user whose role row is missing is denied', async () => {
    const { cookie, userId } = await createSignedInUser('admin')
    await db.deleteFrom('user_roles').where('user_id', '=', userId).execute()
    expect(await guard('/admin', cookie)).toBe(DENIED)
  })

  test('requireStaff without the middleware having run denies', () => {
    expect(() => requireStaff(new RouterContextProvider(), 'user')).toThrow()
  })
})

// Seeding draws the demo images and makes the demo calendar event by event: longer than a test's default on a busy machine.
test('dashboard counts match the tables', { timeout: 60_000 }, async () => {
  if ((await countContent()).every(({ count }) => count === 0)) await seedBaseContent(db, storage)
  await seedDemoContent(db, storage)
  const counts = await countContent()
  expect(counts.map((count) => count.label)).toEqual(['Sections', 'Blog Posts', 'Events', 'Gallery Images', 'Policies', 'Testimonials'])
  for (const { key, count } of counts) {
    const row = await db
      .selectFrom(key)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow()
    expect(count, key).toBe(Number(row.count))
  }
  for (const { key, count } of counts) expect(count, key).toBeGreaterThan(0)
})
