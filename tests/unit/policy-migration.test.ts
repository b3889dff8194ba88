import { sql } from 'kysely'
import { afterEach, expect, test } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '#db/connect.ts'

let handle: DatabaseHandle | undefined
afterEach(async () => {
  await handle?.destroy()
})

test('upgrading gives every policy a unique slug from its title and its document as a first version', async () => {
  handle = connectDatabase({ engine: 'sqlite', file: ':memory:' })
  await handle.migrate('0013-alerts-notifications')
  const { db } = handle
  // The columns as they were before the upgrade (the Database type already knows the new ones).
  for (const [id, title, fileUrl, at] of [
    ['p1', 'Safeguarding Policy', '/files/policies/1795445617676-f6ae1138.pdf', '2025-01-01T09:00:00.000Z'],
    ['p2', 'Safeguarding  Policy!', 'https://example.org/safe.pdf', '2025-02-01T09:00:00.000Z'],
    ['p3', 'Été à l’école', null, '2025-03-01T09:00:00.000Z'],
    ['p4', '★★★', null, '2025-04-01T09:00:00.000Z'],
  ] as const) {
    await sql`insert into policies (id, title, description, file_url, created_at) values (${id}, ${title}, null, ${fileUrl}, ${at})`.execute(db)
  }

  await handle.migrate()
  expect(await db.selectFrom('policies').select(['id', 'slug', 'updated_at', 'category_id', 'review_date']).orderBy('id').execute()).toEqual([
    { id: 'p1', slug: 'safeguarding-policy', updated_at: '2025-01-01T09:00:00.000Z', category_id: null, review_date: null },
    { id: 'p2', slug: 'safeguarding-policy-2', updated_at: '2025-02-01T09:00:00.000Z', category_id: null, review_date: null },
    { id: 'p3', slug: 'ete-a-l-ecole', updated_at: '2025-03-01T09:00:00.000Z', category_id: null, review_date: null },
    { id: 'p4', slug: 'policy', updated_at: '2025-04-01T09:00:00.000Z', category_id: null, review_date: null },
  ])
  expect(await db.selectFrom('policy_versions').select(['policy_id', 'file_url', 'file_name', 'created_at']).orderBy('policy_id').execute()).toEqual([
    { policy_id: 'p1', file_url: '/files/policies/1795445617676-f6ae1138.pdf', file_name: '1795445617676-f6ae1138.pdf', created_at: '2025-01-01T09:00:00.000Z' },
    { policy_id: 'p2', file_url: 'https://example.org/safe.pdf', file_name: null, created_at: '2025-02-01T09:00:00.000Z' },
  ])
})
