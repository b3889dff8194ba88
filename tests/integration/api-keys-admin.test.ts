import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { answerCollection } from '#app/services/api/handler.server.ts'
import { API_KEY_MESSAGES } from '#app/services/api/api-key.schema.ts'
import { adminGuard } from '#app/services/permissions.server.ts'
import { action, loader } from '#app/routes/admin/api-keys.tsx'
import { loader as referenceLoader } from '#app/routes/admin/api-reference.tsx'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser, requestWithCookie } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

type ActionArgs = Parameters<typeof action>[0]

/** A request to the API Keys screen through the admin guard, as the router runs it. */
async function screen(cookie: string, path = '/admin/api-keys', form?: Record<string, string>) {
  const context = new RouterContextProvider()
  const request = requestWithCookie(path, cookie, form ? { method: 'POST', body: new URLSearchParams(form) } : {})
  const args = { request, context, params: {} } as unknown as ActionArgs
  try {
    let result: unknown
    await adminGuard(args, async () => {
      result = form ? await action(args) : path.endsWith('/reference') ? referenceLoader(args) : await loader(args)
      return new Response('page')
    })
    return result
  } catch (thrown) {
    if (thrown instanceof Response) return `redirect ${thrown.headers.get('Location')}`
    throw thrown
  }
}

type Answered = { data: { ok: boolean; message?: string; key?: string; error?: string; fieldErrors?: Record<string, string> }; init: { status?: number } | null }

describe(`the API Keys screen on ${database.engine}`, () => {
  test('only admins open it, its reference and its action', async () => {
    const editor = await createSignedInUser('editor')
    expect(await screen(editor.cookie)).toBe('redirect /admin')
    expect(await screen(editor.cookie, '/admin/api-keys/reference')).toBe('redirect /admin')
    expect(await screen(editor.cookie, '/admin/api-keys', { intent: 'create', name: 'sneaky', role: 'editor' })).toBe('redirect /admin')
    const admin = await createSignedInUser('admin')
    expect(await screen(admin.cookie, '/admin/api-keys/reference')).toMatchObject({ document: { openapi: '3.1.0' } })
  })

  test('an admin creates a key (shown once, working at once), sees it listed without the key, and revokes it', async () => {
    const admin = await createSignedInUser('admin')
    const created = (await screen(admin.cookie, '/admin/api-keys', { intent: 'create', name: 'Newsletter import', role: 'editor' })) as { ok: boolean; message: string; key: string }
    expect(created).toMatchObject({ ok: true, message: API_KEY_MESSAGES.created, key: expect.stringMatching(/^sw_/) })
    const ok = await answerCollection(new Request('http://localhost:3000/api/v1/posts', { headers: { authorization: `Bearer ${created.key}` } }), 'posts')
    expect(ok.status).toBe(200)

    const { keys } = (await screen(admin.cookie)) as { keys: { id: string; name: string; role: string; start: string; ownerEmail: string; lastUsedAt: string | null }[] }
    const listed = keys.find((key) => key.name === 'Newsletter import')!
    expect(listed).toMatchObject({ role: 'editor', start: created.key.slice(0, 9), ownerEmail: admin.email, lastUsedAt: expect.any(String) })
    expect(JSON.stringify(keys)).not.toContain(created.key)

    const refused = (await screen(admin.cookie, '/admin/api-keys', { intent: 'create', name: '  ', role: 'owner' })) as Answered
    expect(refused.init?.status).toBe(400)
    expect(refused.data.fieldErrors).toEqual({ name: 'Name is required', role: API_KEY_MESSAGES.roleRequired })

    expect(await screen(admin.cookie, '/admin/api-keys', { intent: 'revoke', id: listed.id })).toMatchObject({ ok: true, message: API_KEY_MESSAGES.revoked })
    const gone = await answerCollection(new Request('http://localhost:3000/api/v1/posts', { headers: { authorization: `Bearer ${created.key}` } }), 'posts')
    expect(gone.status).toBe(401)
    const again = (await screen(admin.cookie, '/admin/api-keys', { intent: 'revoke', id: listed.id })) as Answered
    expect(again.init?.status).toBe(404)
    expect(again.data.error).toBe(API_KEY_MESSAGES.notFound)
  })
})
