import { beforeAll, expect, test } from 'vitest'
import { listSections, saveSectionContent } from '#app/domain/section/section-admin.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { seedBaseContent } from '#db/seed/seed.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

prepareTestDatabase()
beforeAll(async () => {
  await seedBaseContent(db, storage)
})

const about = async () => (await listSections()).find((section) => section.key === 'home.about')!.content

test('About content is stored sanitised', async () => {
  const saved = await saveSectionContent('home.about', { title: 'About Us', content: '<p onclick="x()">We <script>alert(1)</script>welcome you.</p>', image: '' })
  expect(saved).toEqual({ ok: true })
  expect(await about()).toEqual({ title: 'About Us', content: '<p>We welcome you.</p>', image: '' })
})

// Found by the property-based tests: content that is nothing but unsafe markup used to answer 500.
test('About content that is only unsafe markup is refused like empty content, and nothing changes', async () => {
  const before = await about()
  expect(await saveSectionContent('home.about', { title: 'About Us', content: '<script>alert(1)</script>', image: '' })).toEqual({ ok: false, error: 'invalid', message: 'Content is required' })
  expect(await about()).toEqual(before)
})
