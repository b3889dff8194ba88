import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import '#app/domain/outbox/composers.server.ts'
import { announce } from '#app/domain/outbox/announce.server.ts'
import { composerFor, PermanentDeliveryFailure, registeredPushSender, type OutboxMessage } from '#app/domain/outbox/outbox.server.ts'
import { deliverDueMessages } from '#app/domain/outbox/outbox-worker.server.ts'
import { vapidKeys } from '#app/domain/push/push-keys.server.ts'
import { PUSH_MESSAGES, pushSubscriptionSchema } from '#app/domain/push/push-subscription.schema.ts'
import { deletePushSubscription, PUSH_REQUEST_WINDOW, savePushSubscription } from '#app/domain/push/push-subscriptions.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { readBool } from '#db/portable.ts'
import { newId } from '#db/portable.ts'
import { action as subscribeAction, loader as subscribeLoader } from '#app/routes/push/subscriptions.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { HOSTILE_JSON_TEXTS, hostileJsonValue, leakIn, mutateJson } from '#tests/setup/hostile-values.ts'
import { browserPushKeys, decryptPush, readVapidAuthorization, startPushService, type BrowserPushKeys } from '#tests/setup/push-endpoint.ts'

prepareTestDatabase()

const FCM = 'https://fcm.googleapis.com/fcm/send/'
let service: Awaited<ReturnType<typeof startPushService>>
/** Paths of the local push service that answer with another status than 201. */
const answers = new Map<string, number>()

beforeAll(async () => {
  service = await startPushService((pathname) => answers.get(pathname) ?? 201)
})
afterAll(async () => {
  await service.stop()
})
beforeEach(async () => {
  await db.deleteFrom('outbox_messages').execute()
  await db.deleteFrom('push_subscriptions').execute()
  service.received.length = 0
  answers.clear()
})

/** A browser's subscription stored as if it had subscribed, its endpoint on the local push service (which only a test may use). */
async function subscribedBrowser(topics: { news?: boolean; alerts?: boolean } = {}) {
  const keys = browserPushKeys()
  const id = newId()
  const endpoint = `${service.origin}/push/${id}`
  await db
    .insertInto('push_subscriptions')
    .values({ id, endpoint, p256dh: keys.p256dh, auth: keys.authText, news: topics.news ?? true, alerts: topics.alerts ?? true, created_at: new Date().toISOString() })
    .execute()
  return { id, endpoint, path: `/push/${id}`, keys }
}

async function publishedPost(overrides: { status?: 'draft' | 'published'; publishedAt?: Date; excerpt?: string | null } = {}) {
  const id = newId()
  await db
    .insertInto('blogs')
    .values({
      id,
      slug: `sports-day-${id.slice(0, 8).toLowerCase()}`,
      title: 'Sports Day moves to Friday',
      content: '<p>Because of the rain, sports day is on Friday.</p>',
      excerpt: overrides.excerpt === undefined ? 'Bring a water bottle and a hat.' : overrides.excerpt,
      cover_image: null,
      cover_decorative: false,
      status: overrides.status ?? 'published',
      published_at: (overrides.publishedAt ?? new Date(Date.now() - 60_000)).toISOString(),
    })
    .execute()
  return db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

async function storedAlert(overrides: { startsAt?: Date; endsAt?: Date | null; link?: string | null } = {}) {
  const id = newId()
  await db
    .insertInto('alerts')
    .values({
      id,
      level: 'emergency',
      title: 'School closed today',
      message: 'The heating has failed. The school is closed today.',
      link: overrides.link === undefined ? null : overrides.link,
      starts_at: (overrides.startsAt ?? new Date(Date.now() - 1000)).toISOString(),
      ends_at: overrides.endsAt === undefined ? new Date(Date.now() + 6 * 3600_000).toISOString() : overrides.endsAt?.toISOString() ?? null,
    })
    .execute()
  return id
}

async function queued(): Promise<OutboxMessage[]> {
  return db.selectFrom('outbox_messages').selectAll().orderBy('recipient').execute()
}

/** What the delivery worker does with one row of the push channel: compose it now, then hand it to the registered sender. */
async function deliver(message: OutboxMessage) {
  const composed = await composerFor(message.kind)!(message)
  if (!('send' in composed)) return composed
  if (composed.send.channel !== 'push') throw new Error('a push kind composed a mail')
  await registeredPushSender()!(composed.send.push)
  return composed
}

function decrypted(index: number, keys: BrowserPushKeys) {
  return JSON.parse(decryptPush(service.received[index]!.body, keys)) as unknown
}

describe('a push from the fan-out to the browser', () => {
  test('a published post reaches each browser that asked for news, encrypted for its keys and signed with our VAPID key', async () => {
    const first = await subscribedBrowser()
    const second = await subscribedBrowser({ news: true, alerts: false })
    await subscribedBrowser({ news: false, alerts: true })
    const post = await publishedPost()

    await writeTransaction((tx) => announce(tx, { topic: 'news', subjectTable: 'blogs', subjectId: post.id }))
    const rows = await queued()
    expect(rows.map((row) => row.recipient).sort()).toEqual([first.id, second.id].sort())
    expect(rows.every((row) => row.kind === 'push-news' && row.channel === 'push' && row.subject_table === 'blogs' && row.subject_id === post.id)).toBe(true)
    // Announcing again (the post edited after publishing) queues nothing more.
    await writeTransaction((tx) => announce(tx, { topic: 'news', subjectTable: 'blogs', subjectId: post.id }))
    expect(await queued()).toHaveLength(2)

    const toFirst = rows.find((row) => row.recipient === first.id)!
    await deliver(toFirst)
    expect(service.received).toHaveLength(1)
    const push = service.received[0]!
    expect(push.path).toBe(first.path)
    expect(push.headers['content-encoding']).toBe('aes128gcm')
    expect(push.headers.ttl).toBe(String(48 * 3600))
    expect(push.headers.urgency).toBe('normal')

    const authorization = readVapidAuthorization(push.headers.authorization as string)
    expect(authorization.valid).toBe(true)
    expect(authorization.publicKey).toBe(vapidKeys().publicKey)
    expect(authorization.header).toEqual({ typ: 'JWT', alg: 'ES256' })
    expect(authorization.claims.aud).toBe(service.origin)
    expect(authorization.claims.sub).toBe(config.push.subject)
    expect(authorization.claims.exp * 1000).toBeGreaterThan(Date.now())

    expect(decrypted(0, first.keys)).toEqual({ title: 'Sports Day moves to Friday', body: 'Bring a water bottle and a hat.', url: `/blogs/${post.slug}` })
    // Only the browser's own keys open it.
    expect(() => decryptPush(push.body, second.keys)).toThrow()
  })

  test('an alert is pushed with high urgency, kept by the push service no longer than the alert lasts', async () => {
    const browser = await subscribedBrowser({ news: false, alerts: true })
    await subscribedBrowser({ news: true, alerts: false })
    const alertId = await storedAlert({ endsAt: new Date(Date.now() + 2 * 3600_000), link: '/news/closure' })
    await writeTransaction((tx) => announce(tx, { topic: 'alerts', subjectTable: 'alerts', subjectId: alertId }))
    const rows = await queued()
    expect(rows.map((row) => [row.kind, row.recipient])).toEqual([['push-alert', browser.id]])
    await deliver(rows[0]!)
    const push = service.received[0]!
    expect(push.headers.urgency).toBe('high')
    expect(Number(push.headers.ttl)).toBeGreaterThan(2 * 3600 - 60)
    expect(Number(push.headers.ttl)).toBeLessThanOrEqual(2 * 3600)
    expect(decrypted(0, browser.keys)).toEqual({ title: 'School closed today', body: 'The heating has failed. The school is closed today.', url: '/news/closure' })
  })

  test('the delivery worker sends the queued pushes and records them; a subscription gone (410) is deleted and its push failed', async () => {
    const kept = await subscribedBrowser()
    const gone = await subscribedBrowser()
    answers.set(gone.path, 410)
    const alertId = await storedAlert()
    await writeTransaction((tx) => announce(tx, { topic: 'alerts', subjectTable: 'alerts', subjectId: alertId }))
    expect(await deliverDueMessages()).toBe(2)
    const outcome = Object.fromEntries((await queued()).map((row) => [row.recipient, row.status]))
    expect(outcome).toEqual({ [kept.id]: 'sent', [gone.id]: 'failed' })
    const received = service.received.findIndex((push) => push.path === kept.path)
    expect(decrypted(received, kept.keys)).toEqual({ title: 'School closed today', body: 'The heating has failed. The school is closed today.', url: '/' })
    expect(await db.selectFrom('push_subscriptions').select('id').orderBy('id').execute()).toEqual([{ id: kept.id }])
  })

  test('events are not pushed', async () => {
    await subscribedBrowser()
    await writeTransaction((tx) => announce(tx, { topic: 'events', subjectTable: 'events', subjectId: newId() }))
    expect(await queued()).toEqual([])
  })

  test('a push service that says the subscription is gone (410, 404) has it deleted and the push fails for good', async () => {
    for (const status of [410, 404]) {
      const browser = await subscribedBrowser()
      answers.set(browser.path, status)
      const post = await publishedPost()
      await writeTransaction((tx) => announce(tx, { topic: 'news', subjectTable: 'blogs', subjectId: post.id }))
      const row = (await queued()).find((message) => message.recipient === browser.id)!
      await expect(deliver(row)).rejects.toThrow(PermanentDeliveryFailure)
      expect(await db.selectFrom('push_subscriptions').select('id').where('id', '=', browser.id).executeTakeFirst()).toBeUndefined()
      // Composed again (a retry), it is skipped: nobody to send to.
      expect(await composerFor(row.kind)!(row)).toEqual({ skip: 'The browser turned notifications off.' })
    }
  })

  test('another refusal fails for good and keeps the subscription; a failing push service or 429 is tried again', async () => {
    const browser = await subscribedBrowser()
    const post = await publishedPost()
    await writeTransaction((tx) => announce(tx, { topic: 'news', subjectTable: 'blogs', subjectId: post.id }))
    const [row] = await queued()
    for (const [status, permanent] of [[400, true], [413, true], [429, false], [500, false], [503, false]] as const) {
      answers.set(browser.path, status)
      const failure: unknown = await deliver(row!).then(() => null, (error: unknown) => error)
      expect(failure).toBeInstanceOf(Error)
      expect(failure instanceof PermanentDeliveryFailure).toBe(permanent)
      expect((failure as Error).message).toContain(String(status))
    }
    expect(await db.selectFrom('push_subscriptions').select('id').where('id', '=', browser.id).executeTakeFirst()).toBeDefined()
  })

  test('nobody is pushed about a post unpublished since, or that the browser no longer wants; a post moved later waits', async () => {
    const browser = await subscribedBrowser()
    const post = await publishedPost()
    await writeTransaction((tx) => announce(tx, { topic: 'news', subjectTable: 'blogs', subjectId: post.id }))
    const [row] = await queued()
    const compose = () => composerFor('push-news')!(row!)

    const later = new Date(Date.now() + 3 * 86_400_000)
    await db.updateTable('blogs').set({ published_at: later.toISOString() }).where('id', '=', post.id).execute()
    expect(await compose()).toEqual({ postponeUntil: later })
    await db.updateTable('blogs').set({ status: 'draft' }).where('id', '=', post.id).execute()
    expect(await compose()).toEqual({ skip: 'The post is no longer published.' })
    await db.updateTable('blogs').set({ status: 'published', published_at: new Date().toISOString() }).where('id', '=', post.id).execute()
    await db.updateTable('push_subscriptions').set({ news: false }).where('id', '=', browser.id).execute()
    expect(await compose()).toEqual({ skip: 'The browser no longer wants news notifications.' })
    expect(service.received).toEqual([])
  })

  test('an alert that starts later waits for its start; one that has ended or was removed is not pushed', async () => {
    await subscribedBrowser({ alerts: true })
    const startsAt = new Date(Date.now() + 3600_000)
    const alertId = await storedAlert({ startsAt })
    await writeTransaction((tx) => announce(tx, { topic: 'alerts', subjectTable: 'alerts', subjectId: alertId, deliverAfter: startsAt }))
    const [row] = await queued()
    expect(new Date(row!.deliver_after as string).getTime()).toBe(startsAt.getTime())
    expect(await composerFor('push-alert')!(row!)).toEqual({ postponeUntil: startsAt })
    await db.updateTable('alerts').set({ starts_at: new Date(Date.now() - 7200_000).toISOString(), ends_at: new Date(Date.now() - 3600_000).toISOString() }).where('id', '=', alertId).execute()
    expect(await composerFor('push-alert')!(row!)).toEqual({ skip: 'The alert has ended.' })
    await db.deleteFrom('alerts').where('id', '=', alertId).execute()
    expect(await composerFor('push-alert')!(row!)).toEqual({ skip: 'The alert was removed.' })
  })
})

describe('subscribing and unsubscribing', () => {
  const keys = browserPushKeys()
  const valid = { endpoint: `${FCM}abc:def`, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.authText }, topics: ['alerts', 'news'] }
  let visitor = 0
  const newVisitor = () => `198.51.100.${++visitor}`

  test('a browser subscribes, changes its topics under the same endpoint, and unsubscribes', async () => {
    const address = newVisitor()
    const id = await savePushSubscription(valid, address)
    const stored = await db.selectFrom('push_subscriptions').selectAll().executeTakeFirstOrThrow()
    expect(stored).toMatchObject({ id, endpoint: valid.endpoint, p256dh: keys.p256dh, auth: keys.authText })
    expect([readBool(stored.news), readBool(stored.alerts)]).toEqual([true, true])
    expect(await savePushSubscription({ ...valid, topics: ['alerts'] }, address)).toBe(id)
    const changed = await db.selectFrom('push_subscriptions').selectAll().executeTakeFirstOrThrow()
    expect([readBool(changed.news), readBool(changed.alerts)]).toEqual([false, true])
    await deletePushSubscription({ endpoint: valid.endpoint }, address)
    expect(await db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([])
    // Unsubscribing twice is no error.
    await deletePushSubscription({ endpoint: valid.endpoint }, address)
  })

  test.each([
    ['an http endpoint', { ...valid, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, PUSH_MESSAGES.endpoint],
    ['an endpoint that is no push service', { ...valid, endpoint: 'https://127.0.0.1/internal' }, PUSH_MESSAGES.endpoint],
    ['a look-alike host', { ...valid, endpoint: 'https://fcm.googleapis.com.evil.example/x' }, PUSH_MESSAGES.endpoint],
    ['a push service on another port', { ...valid, endpoint: 'https://fcm.googleapis.com:8443/x' }, PUSH_MESSAGES.endpoint],
    ['a Google host that is no push service', { ...valid, endpoint: 'https://storage.googleapis.com/bucket/x' }, PUSH_MESSAGES.endpoint],
    ['a host under Mozilla\'s push service', { ...valid, endpoint: 'https://other.push.services.mozilla.com/wpush/v2/x' }, PUSH_MESSAGES.endpoint],
    ['an Apple host that is no web push service', { ...valid, endpoint: 'https://api.push.apple.com/3/device/x' }, PUSH_MESSAGES.endpoint],
    ['a host two levels under Windows notifications', { ...valid, endpoint: 'https://a.wns2-db5p.notify.windows.com/w/?token=x' }, PUSH_MESSAGES.endpoint],
    ['an endpoint too long', { ...valid, endpoint: `${FCM}${'a'.repeat(1100)}` }, PUSH_MESSAGES.endpoint],
    ['a short public key', { ...valid, keys: { ...valid.keys, p256dh: keys.p256dh.slice(0, 80) } }, PUSH_MESSAGES.keys],
    ['a compressed public key', { ...valid, keys: { ...valid.keys, p256dh: Buffer.concat([Buffer.from([3]), Buffer.alloc(64, 1)]).toString('base64url') } }, PUSH_MESSAGES.keys],
    ['an auth secret of 32 bytes', { ...valid, keys: { ...valid.keys, auth: Buffer.alloc(32, 7).toString('base64url') } }, PUSH_MESSAGES.keys],
    ['no keys', { ...valid, keys: undefined }, PUSH_MESSAGES.keys],
    ['no topics', { ...valid, topics: [] }, PUSH_MESSAGES.topics],
    ['an unknown topic', { ...valid, topics: ['events'] }, PUSH_MESSAGES.topics],
  ])('%s is refused and nothing is stored', async (_name, input, message) => {
    await expect(savePushSubscription(input, newVisitor())).rejects.toMatchObject({ code: 'invalid', message })
    expect(await db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([])
  })

  test('the endpoints of Firefox, Safari and Edge are accepted', async () => {
    for (const endpoint of ['https://updates.push.services.mozilla.com/wpush/v2/gAAA', 'https://web.push.apple.com/QGuQyavXutnMH', 'https://wns2-db5p.notify.windows.com/w/?token=BQYAAA']) {
      await savePushSubscription({ ...valid, endpoint }, newVisitor())
    }
    expect(await db.selectFrom('push_subscriptions').select('endpoint').execute()).toHaveLength(3)
  })

  test(`one network may subscribe or unsubscribe ${PUSH_REQUEST_WINDOW.max} times in 10 minutes, then waits`, async () => {
    const address = '2001:db8:5::1'
    const start = new Date()
    for (let i = 0; i < PUSH_REQUEST_WINDOW.max; i++) await savePushSubscription({ ...valid, endpoint: `${FCM}n${i}` }, i % 2 ? address : '2001:db8:5::2', start)
    await expect(savePushSubscription({ ...valid, endpoint: `${FCM}over` }, '2001:db8:5::3', start)).rejects.toMatchObject({ code: 'rate_limited', message: PUSH_MESSAGES.tooMany })
    await expect(deletePushSubscription({ endpoint: `${FCM}n1` }, address, start)).rejects.toMatchObject({ code: 'rate_limited' })
    expect(await db.selectFrom('push_subscriptions').select('id').execute()).toHaveLength(PUSH_REQUEST_WINDOW.max)
    // Another network is not held up, and the window passes.
    await savePushSubscription({ ...valid, endpoint: `${FCM}other` }, '203.0.113.77', start)
    await savePushSubscription({ ...valid, endpoint: `${FCM}after` }, address, new Date(start.getTime() + PUSH_REQUEST_WINDOW.ms + 1000))
  })

  test('the route reads JSON only, of bounded size, and answers the refusal in words', async () => {
    const context = new RouterContextProvider()
    context.set(clientAddressContext, newVisitor())
    const post = (body: string, type = 'application/json') => subscribeAction({ request: new Request('http://site/push/subscriptions', { method: 'POST', headers: { 'Content-Type': type }, body }), context, params: {} } as unknown as Parameters<typeof subscribeAction>[0])
    const asForm = await post('endpoint=x', 'application/x-www-form-urlencoded')
    expect(asForm.status).toBe(415)
    expect(await asForm.json()).toEqual({ ok: false, error: PUSH_MESSAGES.notJson })
    expect((await post(JSON.stringify({ ...valid, padding: 'x'.repeat(5000) }))).status).toBe(413)
    expect((await post('{not json')).status).toBe(400)
    const refused = await post(JSON.stringify({ ...valid, topics: [] }))
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ ok: false, error: PUSH_MESSAGES.topics })
    const saved = await post(JSON.stringify(valid))
    expect(saved.status).toBe(200)
    expect(await saved.json()).toEqual({ ok: true })
    expect(await db.selectFrom('push_subscriptions').select('endpoint').execute()).toEqual([{ endpoint: valid.endpoint }])
    const get = subscribeLoader()
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST'])
  })
})

test('hostile JSON at the subscribe route: a clear refusal or a stored subscription that keeps every rule, never a 5xx', async () => {
  const keys = browserPushKeys()
  const valid = { endpoint: `${FCM}fuzz`, keys: { p256dh: keys.p256dh, auth: keys.authText }, topics: ['alerts', 'news'] }
  let run = 0
  const post = async (body: string) => {
    const context = new RouterContextProvider()
    // Each run its own network: the rate limit is tested above.
    context.set(clientAddressContext, `10.${run >> 16 & 255}.${run >> 8 & 255}.${run++ & 255}`)
    const request = new Request('http://site/push/subscriptions', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
    return subscribeAction({ request, context, params: {} } as unknown as Parameters<typeof subscribeAction>[0])
  }
  const bodies = fc.oneof(
    fc.constantFrom(...HOSTILE_JSON_TEXTS),
    hostileJsonValue.map((value) => JSON.stringify(value) ?? ''),
    fc.tuple(fc.nat(), hostileJsonValue, fc.constantFrom('replace' as const, 'remove' as const, 'add' as const)).map(([pick, leaf, how]) => JSON.stringify(mutateJson(valid, pick, leaf, how)) ?? ''),
    fc.constant(JSON.stringify(valid)),
  )
  await fc.assert(
    fc.asyncProperty(bodies, async (body) => {
      const answer = await post(body)
      const text = await answer.text()
      expect(answer.status, `${body.slice(0, 200)} → ${text}`).toBeLessThan(500)
      expect(leakIn(text), text).toBeUndefined()
      const data = JSON.parse(text) as { ok: boolean; error?: string }
      if (answer.status === 200) expect(data).toEqual({ ok: true })
      else expect(data.error, text).toMatch(/\p{L}{2,}/u)
      for (const row of await db.selectFrom('push_subscriptions').selectAll().execute()) {
        expect(pushSubscriptionSchema.safeParse({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth }, topics: ['alerts'] }).success, JSON.stringify(row)).toBe(true)
      }
    }),
    { numRuns: 80, seed: 20_261_127 },
  )
})

test('the VAPID key pair is made once and kept, private, in the data folder', () => {
  const file = path.join(config.dataDir, 'vapid-keys.json')
  const keys = vapidKeys()
  expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(keys)
  expect(fs.statSync(file).mode & 0o077).toBe(0)
  expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65)
  expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32)
})
