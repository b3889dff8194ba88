import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, test } from 'vitest'
import { EVENT_MESSAGES } from '#app/domain/event/event.schema.ts'
import { getSectionContent } from '#app/domain/section/section.server.ts'
import { CALENDAR_URL_REFUSAL } from '#app/lib/calendar-hosts.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { staffContext } from '#app/services/staff-context.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { action } from '#app/routes/admin/events.tsx'
import { seedBaseContent } from '#app/services/seed/seed.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()
beforeAll(async () => {
  await seedBaseContent(db, storage)
})

type ActionArgs = Parameters<typeof action>[0]
const GOOGLE_EMBED = 'https://calendar.google.com/calendar/embed?src=school%40example.org&ctz=Europe%2FLondon'

/** Posts the calendar card's form to the Events action as an editor; the status and body of the answer. */
async function saveCalendar(url: string) {
  const context = new RouterContextProvider()
  context.set(staffContext, { userId: 'editor-id', email: 'editor@example.org', displayName: 'Editor', role: 'editor', twoFactorEnabled: false })
  const request = new Request('http://localhost/admin/events', { method: 'POST', body: new URLSearchParams({ intent: 'save-calendar', url }) })
  const answer: unknown = await action({ request, context, params: {} } as unknown as ActionArgs)
  if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) {
    return { status: (answer.init as ResponseInit | null)?.status ?? 200, body: answer.data }
  }
  return { status: 200, body: answer }
}

const storedContent = async () => (await db.selectFrom('sections').select('content').where('key', '=', 'calendar.google').executeTakeFirstOrThrow()).content

describe(`the calendar link on ${database.engine}`, () => {
  test('an embed address of an accepted calendar service is stored and framed by the public page', async () => {
    const section = await db.selectFrom('sections').select('id').where('key', '=', 'calendar.google').executeTakeFirstOrThrow()
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['sections'], (change) => changes.push(change))
    expect(await saveCalendar(`  ${GOOGLE_EMBED} `)).toEqual({ status: 200, body: { ok: true, message: 'Google Calendar link saved successfully' } })
    expect(await getSectionContent('calendar.google')).toEqual({ url: GOOGLE_EMBED })
    expect(await saveCalendar('')).toMatchObject({ status: 200, body: { ok: true } })
    unsubscribe()
    expect(await getSectionContent('calendar.google')).toEqual({ url: '' })
    expect(changes).toEqual([
      { table: 'sections', type: 'update', id: section.id },
      { table: 'sections', type: 'update', id: section.id },
    ])
  })

  test.each([
    ['a look-alike host', 'https://calendar.google.com.evil.example/embed'],
    ['another host', 'https://calendar.example.org/embed'],
    ['credentials before the host', 'https://calendar.google.com@evil.example/embed'],
    ['plain http', 'http://calendar.google.com/calendar/embed?src=x'],
    ['a non-default port', 'https://calendar.google.com:8443/calendar/embed'],
    ['not an address', 'calendar please'],
    ['a script URL', 'javascript:alert(1)'],
  ])('%s is refused with the accepted addresses named, and nothing is stored', async (_label, url) => {
    expect(await saveCalendar(GOOGLE_EMBED)).toMatchObject({ status: 200 })
    const before = await storedContent()
    expect(await saveCalendar(url)).toEqual({ status: 400, body: { ok: false, error: CALENDAR_URL_REFUSAL, fieldErrors: { url: CALENDAR_URL_REFUSAL } } })
    expect(await storedContent()).toEqual(before)
  })

  // Last: it removes the section.
  test('without the calendar.google section the link is refused as missing, and no section is created', async () => {
    await db.deleteFrom('sections').where('key', '=', 'calendar.google').execute()
    expect(await saveCalendar(GOOGLE_EMBED)).toEqual({ status: 404, body: { ok: false, error: EVENT_MESSAGES.calendarMissing, fieldErrors: {} } })
    expect(await db.selectFrom('sections').select('id').where('key', '=', 'calendar.google').execute()).toEqual([])
  })
})
