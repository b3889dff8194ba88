import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, test } from 'vitest'
import { SECTION_MESSAGES } from '#app/domain/section/section-forms.ts'
import type { SectionContent } from '#app/domain/section/section.schema.ts'
import type { Role } from '#db/tables/people.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { action as sectionsAction } from '#app/routes/admin/sections.tsx'
import { loader as homeLoader } from '#app/routes/site/home.tsx'
import { seedBaseContent } from '#app/services/seed/seed.ts'
import { staffContext } from '#app/services/staff-context.ts'
import { readJson } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()
beforeAll(async () => {
  await seedBaseContent(db, storage)
})

type ActionArgs = Parameters<typeof sectionsAction>[0]

function staff(role: Role) {
  const context = new RouterContextProvider()
  context.set(staffContext, { userId: `${role}-id`, email: `${role}@example.org`, displayName: role, role, twoFactorEnabled: false })
  return context
}

/** Posts a section's content to the Sections action as the form does; the status and body of the answer. */
async function saveThroughForm(key: string, content: unknown, role: Role = 'editor') {
  const body = new URLSearchParams({ intent: 'save', key, content: JSON.stringify(content) })
  const answer: unknown = await sectionsAction({ request: new Request('http://localhost/admin/sections', { method: 'POST', body }), context: staff(role), params: {} } as unknown as ActionArgs)
  if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) {
    return { status: (answer.init as ResponseInit | null)?.status ?? 200, body: answer.data }
  }
  return { status: 200, body: answer }
}

async function stored<K extends 'home.hero' | 'home.features'>(key: K): Promise<SectionContent[K]> {
  const row = await db.selectFrom('sections').select('content').where('key', '=', key).executeTakeFirstOrThrow()
  return readJson(row.content) as SectionContent[K]
}

describe(`reordering the home page's slides and features on ${database.engine}`, () => {
  test('the order of the submitted slides is the order stored and the order the home page shows; nothing else changes', async () => {
    const before = await stored('home.hero')
    expect(before.slides.map((slide) => slide.title)).toEqual(['Welcome to Our School', 'Learning Beyond the Classroom', 'Join Our Community'])
    const [welcome, learning, join] = before.slides

    expect(await saveThroughForm('home.hero', { slides: [join, welcome, learning] })).toEqual({ status: 200, body: { ok: true, message: SECTION_MESSAGES.updated } })

    expect(await stored('home.hero')).toEqual({ slides: [join, welcome, learning] })
    expect((await homeLoader({ context: new RouterContextProvider() } as unknown as Parameters<typeof homeLoader>[0])).hero?.slides).toEqual([join, welcome, learning])
  })

  test('the order of the submitted features is the order stored and the order the home page shows; nothing else changes', async () => {
    const before = await stored('home.features')
    const reordered = { ...before, features: [...before.features].reverse() }

    expect(await saveThroughForm('home.features', reordered)).toEqual({ status: 200, body: { ok: true, message: SECTION_MESSAGES.updated } })

    expect(await stored('home.features')).toEqual(reordered)
    const shown = await homeLoader({ context: new RouterContextProvider() } as unknown as Parameters<typeof homeLoader>[0])
    expect(shown.features?.title).toBe('Why Choose Us')
    expect(shown.features?.features.map((feature) => feature.title)).toEqual([
      'Clubs and Sport',
      'Open to the World',
      'Pastoral Care',
      'Recognised Excellence',
      'Small Classes',
      'Strong Foundations',
    ])
  })

  test('a tampered reordered list is checked by the same rules, its messages naming the new places, and nothing is stored', async () => {
    const before = await stored('home.hero')
    const [first, second, third] = before.slides

    const refused = await saveThroughForm('home.hero', { slides: [third, { ...first, title: '' }, { ...second, image: 'javascript:alert(1)' }] })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ ok: false, fieldErrors: { 'slides.1.title': 'Title is required', 'slides.2.image': 'Must be a valid URL' } })
    expect(await saveThroughForm('home.hero', { slides: [] })).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { slides: 'At least one slide is required' } } })

    expect(await stored('home.hero')).toEqual(before)
  })

  test('an account with role user cannot reorder: the post is turned away and nothing is stored', async () => {
    const before = await stored('home.features')
    await expect(saveThroughForm('home.features', { ...before, features: [...before.features].reverse() }, 'user')).rejects.toBeInstanceOf(Response)
    expect(await stored('home.features')).toEqual(before)
  })
})
