import { beforeAll, expect, test } from 'vitest'
import { listSections, saveSectionContent } from '#app/domain/section/section-admin.server.ts'
import { SECTION_MESSAGES } from '#app/domain/section/section-forms.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { seedBaseContent } from '#app/services/seed/seed.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

prepareTestDatabase()
beforeAll(async () => {
  await seedBaseContent(db, storage)
})

const section = async (key: string) => (await listSections()).find((row) => row.key === key)
const about = async () => (await section('home.about'))!.content

async function changesDuring(work: () => Promise<unknown>) {
  const changes: Change[] = []
  const unsubscribe = changeFeed.subscribe(['sections'], (change) => changes.push(change))
  try {
    await work()
  } finally {
    unsubscribe()
  }
  return changes
}

test('About content is stored sanitised, returned as stored and announced on the change feed', async () => {
  const { id } = (await section('home.about'))!
  let saved: unknown
  const changes = await changesDuring(async () => {
    saved = await saveSectionContent('home.about', { title: 'About Us', content: '<p onclick="x()">We <script>alert(1)</script>welcome you.</p>', image: '' })
  })
  expect(await about()).toEqual({ title: 'About Us', content: '<p>We welcome you.</p>', image: '' })
  expect(saved).toEqual({ id, key: 'home.about', content: { title: 'About Us', content: '<p>We welcome you.</p>', image: '' } })
  expect(changes).toEqual([{ table: 'sections', type: 'update', id }])
})

// Found by the property-based tests: content that is nothing but unsafe markup used to answer 500.
test('About content that is only unsafe markup is refused like empty content, and nothing changes', async () => {
  const before = await about()
  const changes = await changesDuring(() =>
    expect(saveSectionContent('home.about', { title: 'About Us', content: '<script>alert(1)</script>', image: '' })).rejects.toMatchObject({
      code: 'invalid',
      message: 'Content is required',
      fields: { content: 'Content is required' },
    }),
  )
  expect(changes).toEqual([])
  expect(await about()).toEqual(before)
})

test("content that breaks the key's schema is refused with each field's first message, and nothing changes", async () => {
  const before = await section('home.hero')
  await expect(saveSectionContent('home.hero', { slides: [{ title: '', subtitle: 'Welcome', image: 'javascript:alert(1)' }] })).rejects.toMatchObject({
    code: 'invalid',
    message: 'Title is required',
    fields: { 'slides.0.title': 'Title is required', 'slides.0.image': 'Must be a valid URL' },
  })
  await expect(saveSectionContent('home.logos', 'not an object')).rejects.toMatchObject({ code: 'invalid' })
  expect(await section('home.hero')).toEqual(before)
})

test('a section that is not stored is not found', async () => {
  const contact = { schoolName: 'Hill School', phone: '+44 1234 567890', email: 'office@hill.example', address: '1 Hill Road' }
  await db.deleteFrom('sections').where('key', '=', 'home.contact').execute()
  await expect(saveSectionContent('home.contact', contact)).rejects.toMatchObject({ code: 'not_found', message: SECTION_MESSAGES.notFound })
  expect(await section('home.contact')).toBeUndefined()
})
