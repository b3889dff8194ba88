import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, test } from 'vitest'
import { action, loader } from '#app/routes/admin/deliveries.tsx'
import { DELIVERY_MESSAGES } from '#app/domain/outbox/deliveries.schema.ts'
import { db } from '#app/lib/db.server.ts'
import { adminGuard } from '#app/services/permissions.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser, requestWithCookie } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

type ActionArgs = Parameters<typeof action>[0]
type Log = Awaited<ReturnType<typeof loader>>
type Answered = { data: { ok: boolean; message?: string; error?: string }; init: { status?: number } | null }

/** A request to the Deliveries screen through the admin guard, as the router runs it. */
async function screen(cookie: string, path = '/admin/deliveries', form?: Record<string, string>): Promise<unknown> {
  const context = new RouterContextProvider()
  const request = requestWithCookie(path, cookie, form ? { method: 'POST', body: new URLSearchParams(form) } : {})
  const args = { request, context, params: {} } as unknown as ActionArgs
  try {
    let result: unknown
    await adminGuard(args, async () => {
      result = form ? await action(args) : await loader(args)
      return new Response('page')
    })
    return result
  } catch (thrown) {
    if (thrown instanceof Response) return `redirect ${thrown.headers.get('Location')}`
    throw thrown
  }
}

const COUNT = 5000
const STATUSES = ['sent', 'sent', 'sent', 'sent', 'skipped', 'pending', 'failed'] as const
let failedId = ''
let sentId = ''

beforeAll(async () => {
  // 5,000 messages, one a second apart, the newest to family4999.
  const start = Date.now() - COUNT * 1000
  const rows = Array.from({ length: COUNT }, (_, n) => {
    const status = STATUSES[n % STATUSES.length]!
    return {
      id: `delivery-${String(n).padStart(4, '0')}`,
      kind: 'post-published',
      channel: 'mail' as const,
      recipient: `family${n}@Example.org`,
      dedupe_key: `admin-test:${n}`,
      status,
      attempts: status === 'failed' ? 8 : 1,
      title: `News number ${n}`,
      last_error: status === 'failed' ? '550 5.1.1 No such user here' : status === 'skipped' ? 'The post was unpublished' : null,
      created_at: new Date(start + n * 1000).toISOString(),
      deliver_after: new Date(start + n * 1000).toISOString(),
      sent_at: status === 'sent' ? new Date(start + n * 1000 + 500).toISOString() : null,
    }
  })
  for (let at = 0; at < rows.length; at += 500) await db.insertInto('outbox_messages').values(rows.slice(at, at + 500)).execute()
  failedId = rows.findLast((row) => row.status === 'failed')!.id
  sentId = rows.findLast((row) => row.status === 'sent')!.id
})

describe(`the Deliveries screen on ${database.engine}`, () => {
  test('only admins open it and retry from it', async () => {
    const editor = await createSignedInUser('editor')
    expect(await screen(editor.cookie)).toBe('redirect /admin')
    expect(await screen(editor.cookie, '/admin/deliveries', { intent: 'retry', id: failedId })).toBe('redirect /admin')
    expect(await db.selectFrom('outbox_messages').select('status').where('id', '=', failedId).executeTakeFirst()).toEqual({ status: 'failed' })
  })

  test('5,000 messages: counts per status, newest first, 50 a page, filtered by status and searched by recipient', async () => {
    const admin = await createSignedInUser('admin')
    const started = performance.now()
    const first = (await screen(admin.cookie)) as Log
    expect(performance.now() - started).toBeLessThan(2000)
    expect(first.counts).toEqual({ sent: 2858, skipped: 714, pending: 714, failed: 714, sending: 0 })
    expect(first.pages).toEqual({ total: COUNT, page: 1, pageCount: 100, pageSize: 50 })
    expect(first.deliveries).toHaveLength(50)
    expect(first.deliveries[0]).toMatchObject({ recipient: 'family4999@Example.org', title: 'News number 4999', kind: 'post-published', attempts: 1 })
    expect(first.deliveries.map((delivery) => delivery.recipient).slice(0, 3)).toEqual(['family4999@Example.org', 'family4998@Example.org', 'family4997@Example.org'])

    const last = (await screen(admin.cookie, '/admin/deliveries?page=100')) as Log
    expect(last.pages.page).toBe(100)
    expect(last.deliveries.at(-1)!.recipient).toBe('family0@Example.org')
    // A page past the end shows the last one.
    expect(((await screen(admin.cookie, '/admin/deliveries?page=999')) as Log).pages.page).toBe(100)
    // An unreadable page is the first.
    expect(((await screen(admin.cookie, '/admin/deliveries?page=-2')) as Log).pages.page).toBe(1)
    expect(((await screen(admin.cookie, '/admin/deliveries?page=two')) as Log).pages.page).toBe(1)

    const failed = (await screen(admin.cookie, '/admin/deliveries?status=failed')) as Log
    expect(failed).toMatchObject({ pages: { total: 714, pageCount: 15 }, status: 'failed' })
    expect(failed.deliveries.every((delivery) => delivery.status === 'failed' && delivery.reason === '550 5.1.1 No such user here')).toBe(true)

    const searched = (await screen(admin.cookie, '/admin/deliveries?q=FAMILY4999%40example')) as Log
    expect(searched.deliveries.map((delivery) => delivery.recipient)).toEqual(['family4999@Example.org'])
    // % and _ are letters to look for, not patterns.
    expect(((await screen(admin.cookie, '/admin/deliveries?q=family_')) as Log).pages.total).toBe(0)
    // An unknown status shows everything.
    expect(((await screen(admin.cookie, '/admin/deliveries?status=lost')) as Log)).toMatchObject({ pages: { total: COUNT }, status: null })
  })

  test('Retry puts a failed message back in the queue, due now with its attempts counted afresh; other messages cannot be retried', async () => {
    const admin = await createSignedInUser('admin')
    const retried = await screen(admin.cookie, '/admin/deliveries', { intent: 'retry', id: failedId })
    expect(retried).toEqual({ ok: true, message: DELIVERY_MESSAGES.retried })
    const row = await db.selectFrom('outbox_messages').selectAll().where('id', '=', failedId).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'pending', attempts: 0, last_error: null })
    expect(new Date(row.deliver_after).getTime()).toBeGreaterThan(Date.now() - 10_000)

    for (const id of [sentId, failedId, 'no-such-message']) {
      const refused = (await screen(admin.cookie, '/admin/deliveries', { intent: 'retry', id })) as Answered
      expect(refused.init?.status).toBe(409)
      expect(refused.data).toMatchObject({ ok: false, error: DELIVERY_MESSAGES.notFailed })
    }
  })
})
