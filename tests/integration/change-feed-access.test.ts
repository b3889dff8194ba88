import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { setTwoFactorRequiredForStaff } from '#app/domain/user/account-security.server.ts'
import { publishChanges } from '#app/lib/changes.server.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import { loader } from '#app/routes/api/changes.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { readEvents } from '#tests/setup/app-process.ts'
import { createSignedInUser, requestWithCookie } from '#tests/setup/users.ts'
import { newId } from '#db/portable.ts'

const database = prepareTestDatabase()

type LoaderArgs = Parameters<typeof loader>[0]

/** An open stream of `/api/changes?tables=…`, read event by event. */
async function open(tables: string, cookie?: string) {
  const context = new RouterContextProvider()
  context.set(clientAddressContext, '203.0.113.51')
  const response = await loader({ request: requestWithCookie(`/api/changes?tables=${tables}`, cookie), context, params: {} } as unknown as LoaderArgs)
  expect(response.headers.get('content-type')).toContain('text/event-stream')
  return readEvents(response)
}

/** The change feed's answer to `/api/changes?tables=…`: its status, or where it redirects. A stream is cancelled at once. */
async function follow(tables: string, cookie?: string) {
  const context = new RouterContextProvider()
  context.set(clientAddressContext, '203.0.113.50')
  const args = { request: requestWithCookie(`/api/changes?tables=${tables}`, cookie), context, params: {} } as unknown as LoaderArgs
  try {
    const response = await loader(args)
    await response.body?.cancel()
    return `${response.status} ${response.headers.get('content-type')?.split(';')[0]}`
  } catch (thrown) {
    if (thrown instanceof Response) return `redirect ${thrown.headers.get('Location')}`
    throw thrown
  }
}

const STREAM = '200 text/event-stream'
const ADMIN_WITH_TWO_FACTOR = { role: 'admin', twoFactorEnabled: true } as const

describe(`who may follow staff tables on ${database.engine}`, () => {
  test('an editor without two-factor sign-in, while the site requires it, follows public tables only', async () => {
    const editor = await createSignedInUser('editor')
    expect(await follow('contact_messages', editor.cookie)).toBe(STREAM)

    await setTwoFactorRequiredForStaff(true, ADMIN_WITH_TWO_FACTOR)
    try {
      for (const table of ['contact_messages', 'profiles', 'user_roles', 'themes,profiles']) {
        expect(await follow(table, editor.cookie), table).toBe('redirect /admin/account')
      }
      expect(await follow('themes', editor.cookie)).toBe(STREAM)
    } finally {
      await setTwoFactorRequiredForStaff(false, ADMIN_WITH_TWO_FACTOR)
    }
    expect(await follow('profiles', editor.cookie)).toBe(STREAM)
  })

  test('visitors and plain users are refused staff tables as before', async () => {
    expect(await follow('profiles')).toBe('redirect /auth?error=access_denied')
    const user = await createSignedInUser('user')
    expect(await follow('contact_messages', user.cookie)).toBe('redirect /admin')
  })
})

describe(`what a change stream tells on ${database.engine}`, () => {
  test("a visitor is told which table changed and how, not which row (a draft's writes are published too); an editor is told the row", async () => {
    const editor = await createSignedInUser('editor')
    const user = await createSignedInUser('user')
    const streams = { visitor: await open('blogs,themes'), user: await open('blogs', user.cookie), editor: await open('blogs', editor.cookie), staffTables: await open('blogs,contact_messages', editor.cookie) }
    const draft = newId()
    await publishChanges({ table: 'blogs', type: 'insert', id: draft })
    const told = Object.fromEntries(await Promise.all(Object.entries(streams).map(async ([who, stream]) => [who, JSON.parse((await stream.next()).data)])))
    expect(told).toEqual({
      visitor: { table: 'blogs', type: 'insert' },
      user: { table: 'blogs', type: 'insert' },
      editor: { table: 'blogs', type: 'insert', id: draft },
      staffTables: { table: 'blogs', type: 'insert', id: draft },
    })
    await Promise.all(Object.values(streams).map((stream) => stream.cancel()))
  })
})
