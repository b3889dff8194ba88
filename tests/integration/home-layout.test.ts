import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, test } from 'vitest'
import { listNextEvents } from '#app/domain/event/event.server.ts'
import { saveHomeLayout } from '#app/domain/section/section-admin.server.ts'
import { DEFAULT_HOME_LAYOUT, HOME_BLOCKS, HOME_LAYOUT_KEY, HOME_LAYOUT_MESSAGES } from '#app/domain/section/section.schema.ts'
import { getHomeLayout } from '#app/domain/section/section.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { action as sectionsAction, loader as sectionsLoader } from '#app/routes/admin/sections.tsx'
import { loader as homeLoader } from '#app/routes/site/home.tsx'
import { seedBaseContent } from '#app/services/seed/seed.ts'
import { staffContext } from '#app/services/staff-context.ts'
import { newId, readJson, writeJson } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()
beforeAll(async () => {
  await seedBaseContent(db, storage)
})

const DAY = 24 * 60 * 60 * 1000
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString()

type ActionArgs = Parameters<typeof sectionsAction>[0]
type LoaderArgs = Parameters<typeof sectionsLoader>[0]

function editorContext() {
  const context = new RouterContextProvider()
  context.set(staffContext, { userId: 'editor-id', email: 'editor@example.org', displayName: 'Editor', role: 'editor', twoFactorEnabled: false })
  return context
}

/** Posts to the Sections action as an editor; the status and body of the answer. */
async function postSections(fields: Record<string, string>) {
  const request = new Request('http://localhost/admin/sections', { method: 'POST', body: new URLSearchParams(fields) })
  const answer: unknown = await sectionsAction({ request, context: editorContext(), params: {} } as unknown as ActionArgs)
  if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) {
    return { status: (answer.init as ResponseInit | null)?.status ?? 200, body: answer.data }
  }
  return { status: 200, body: answer }
}

const storedLayoutRow = () => db.selectFrom('sections').select(['id', 'content']).where('key', '=', HOME_LAYOUT_KEY).executeTakeFirst()

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

const home = () => homeLoader({ context: new RouterContextProvider() } as unknown as Parameters<typeof homeLoader>[0])

describe(`the home page layout on ${database.engine}`, () => {
  test("without a stored row the layout is today's order with both new blocks on, and Sections Management shows its card", async () => {
    expect(await storedLayoutRow()).toBeUndefined()
    expect(await getHomeLayout()).toEqual({ order: ['hero', 'latestNews', 'upcomingEvents', 'features', 'testimonials', 'about', 'contact'], hidden: [] })
    const page = await sectionsLoader({ request: new Request('http://localhost/admin/sections'), context: editorContext(), params: {} } as unknown as LoaderArgs)
    expect(page.cards.map((card) => card.key)).toEqual(['calendar.google', 'home.about', 'home.contact', 'home.features', 'home.hero', 'home.layout', 'home.logos'])
    expect(page.homeLayout).toEqual(DEFAULT_HOME_LAYOUT)
  })

  test('a layout is refused unless every block appears once, the hero is shown and nothing unknown is sent; nothing is stored', async () => {
    const refusals: [unknown, string][] = [
      [{ order: [...HOME_BLOCKS, 'gallery'], hidden: [] }, HOME_LAYOUT_MESSAGES.unknownBlock],
      [{ order: HOME_BLOCKS.slice(1), hidden: [] }, HOME_LAYOUT_MESSAGES.everyBlockOnce],
      [{ order: [...HOME_BLOCKS.slice(0, -1), 'hero'], hidden: [] }, HOME_LAYOUT_MESSAGES.everyBlockOnce],
      [{ order: [...HOME_BLOCKS], hidden: ['hero'] }, HOME_LAYOUT_MESSAGES.heroShown],
      [{ order: [...HOME_BLOCKS], hidden: ['about', 'about'] }, HOME_LAYOUT_MESSAGES.hiddenOnce],
      [{ order: [...HOME_BLOCKS], hidden: ['__proto__'] }, HOME_LAYOUT_MESSAGES.unknownBlock],
    ]
    const changes = await changesDuring(async () => {
      for (const [layout, message] of refusals) {
        await expect(saveHomeLayout(layout), JSON.stringify(layout)).rejects.toMatchObject({ code: 'invalid', message })
      }
      await expect(saveHomeLayout({ order: [...HOME_BLOCKS], hidden: [], extra: true })).rejects.toMatchObject({ code: 'invalid' })
      await expect(saveHomeLayout({ order: [...HOME_BLOCKS] })).rejects.toMatchObject({ code: 'invalid' })
      await expect(saveHomeLayout('hero,about')).rejects.toMatchObject({ code: 'invalid' })
    })
    expect(changes).toEqual([])
    expect(await storedLayoutRow()).toBeUndefined()
  })

  test('the first save creates the row, later saves update it, each announced; the action answers with its message', async () => {
    const order = ['hero', 'about', 'features', 'latestNews', 'upcomingEvents', 'testimonials', 'contact']
    let id = ''
    const changes = await changesDuring(async () => {
      expect(await postSections({ intent: 'layout', layout: JSON.stringify({ order, hidden: ['latestNews'] }) })).toEqual({
        status: 200,
        body: { ok: true, message: HOME_LAYOUT_MESSAGES.updated },
      })
      id = (await storedLayoutRow())!.id
      expect(await postSections({ intent: 'layout', layout: JSON.stringify({ order, hidden: ['latestNews', 'testimonials'] }) })).toMatchObject({ status: 200 })
    })
    expect(changes).toEqual([
      { table: 'sections', type: 'insert', id },
      { table: 'sections', type: 'update', id },
    ])
    expect(readJson((await storedLayoutRow())!.content)).toEqual({ order, hidden: ['latestNews', 'testimonials'] })
    expect(await getHomeLayout()).toEqual({ order, hidden: ['latestNews', 'testimonials'] })

    expect(await postSections({ intent: 'layout', layout: JSON.stringify({ order, hidden: ['hero'] }) })).toEqual({
      status: 400,
      body: { ok: false, error: HOME_LAYOUT_MESSAGES.heroShown, fieldErrors: { hidden: HOME_LAYOUT_MESSAGES.heroShown } },
    })
    expect(await postSections({ intent: 'layout', layout: '{not json' })).toMatchObject({ status: 400, body: { ok: false, error: 'Invalid input' } })
    expect(await postSections({ intent: 'rearrange', layout: '{}' })).toMatchObject({ status: 400, body: { ok: false, error: 'Unknown action' } })
    expect(await getHomeLayout()).toEqual({ order, hidden: ['latestNews', 'testimonials'] })
  })

  test('a stored layout that no longer fits the schema reads as the default', async () => {
    await db.updateTable('sections').set({ content: writeJson({ order: ['hero'], hidden: [] }) }).where('key', '=', HOME_LAYOUT_KEY).execute()
    expect(await getHomeLayout()).toEqual(DEFAULT_HOME_LAYOUT)
    await db.deleteFrom('sections').where('key', '=', HOME_LAYOUT_KEY).execute()
  })

  test('the home loader gives the 3 newest published posts and the next 3 published events, in block order', async () => {
    const post = (slug: string, publishedAt: string, status: 'draft' | 'published' = 'published') => ({
      id: newId(),
      slug,
      title: `Post ${slug}`,
      content: `<p>About ${slug}.</p>`,
      excerpt: null,
      cover_image: null,
      cover_decorative: false,
      published_at: publishedAt,
      updated_at: publishedAt,
      status,
    })
    await db
      .insertInto('blogs')
      .values([
        post('oldest', daysFromNow(-30)),
        post('third', daysFromNow(-10)),
        post('second', daysFromNow(-5)),
        post('newest', daysFromNow(-1)),
        post('draft', daysFromNow(-1 / 24), 'draft'),
        post('scheduled', daysFromNow(2)),
      ])
      .execute()
    const event = (title: string, start: string, status: 'draft' | 'published' = 'published') => ({
      id: newId(),
      title,
      description: null,
      start_date: start,
      end_date: null,
      image_url: null,
      created_at: daysFromNow(-60),
      status,
    })
    await db
      .insertInto('events')
      .values([
        event('Last week', daysFromNow(-7)),
        event('Fourth', daysFromNow(20)),
        event('Second', daysFromNow(5)),
        event('Draft soon', daysFromNow(2), 'draft'),
        event('First', daysFromNow(3)),
        event('Third', daysFromNow(9)),
      ])
      .execute()

    const shown = await home()
    expect(shown.blocks).toEqual(DEFAULT_HOME_LAYOUT.order)
    expect(shown.posts.map((item) => item.slug)).toEqual(['newest', 'second', 'third'])
    expect(shown.events.map((item) => item.title)).toEqual(['First', 'Second', 'Third'])
    expect(shown.formToken).toEqual(expect.any(String))

    await saveHomeLayout({ order: ['contact', 'upcomingEvents', 'hero', 'latestNews', 'features', 'testimonials', 'about'], hidden: ['latestNews', 'features', 'contact'] })
    const rearranged = await home()
    expect(rearranged.blocks).toEqual(['upcomingEvents', 'hero', 'testimonials', 'about'])
    // A hidden block's content is not read.
    expect(rearranged.posts).toEqual([])
    expect(rearranged.features).toBeNull()
    expect(rearranged.formToken).toBeNull()
    expect(rearranged.events.map((item) => item.title)).toEqual(['First', 'Second', 'Third'])
    await db.deleteFrom('sections').where('key', '=', HOME_LAYOUT_KEY).execute()
  })

  test("'today' for Upcoming Events is the school's day: an event early this morning there counts, one late last night does not", async () => {
    const now = new Date('2026-03-02T15:00:00Z')
    const event = (title: string, start: string) => ({ id: newId(), title, description: null, start_date: start, end_date: null, image_url: null, created_at: start, status: 'published' as const })
    // 01:00 and 23:00 the evening before, in New York (UTC-5 in March).
    await db.insertInto('events').values([event('Early today', '2026-03-02T06:00:00.000Z'), event('Late yesterday', '2026-03-02T04:00:00.000Z')]).execute()
    const next = (await listNextEvents(3, 'America/New_York', now)).map((item) => item.title)
    expect(next[0]).toBe('Early today')
    expect(next).not.toContain('Late yesterday')
    // At 19:00 in Tokyo both began today there (13:00 and 15:00), the earlier first.
    expect((await listNextEvents(2, 'Asia/Tokyo', new Date('2026-03-02T10:00:00Z'))).map((item) => item.title)).toEqual(['Late yesterday', 'Early today'])
  })
})
