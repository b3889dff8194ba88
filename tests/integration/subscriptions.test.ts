import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { createBlogPost, updateBlogPost, type BlogSubmission } from '#app/domain/blog/blog-admin.server.ts'
import { createEvent } from '#app/domain/event/event-admin.server.ts'
import { issueFormToken } from '#app/domain/contact/anonymous-form.server.ts'
import { composerFor, type Composed, type OutboxMessage } from '#app/domain/outbox/outbox.server.ts'
import '#app/domain/outbox/composers.server.ts'
import { SUBSCRIPTION_MESSAGES } from '#app/domain/subscription/subscription.schema.ts'
import {
  confirmSubscription,
  findSubscriberByToken,
  removeExpiredSubscriptions,
  subscribe,
  unsubscribe,
  updateSubscriptionChoices,
} from '#app/domain/subscription/subscription.server.ts'
import { countSubscribers, deleteSubscriber, listSubscribers, subscribersCsv } from '#app/domain/subscription/subscriber-admin.server.ts'
import { lastDigestWeek, queueWeeklyDigests } from '#app/domain/subscription/weekly-digest.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'
import { newId, readTimestamp } from '#db/portable.ts'
import { action as confirmAction, loader as confirmLoader } from '#app/routes/site/subscribe-confirm.tsx'
import { action as unsubscribeAction } from '#app/routes/site/unsubscribe.tsx'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

prepareTestDatabase()

let visitorCount = 0
function newVisitor() {
  visitorCount += 1
  return `198.51.100.${visitorCount}`
}

/** A form rendered 10 s ago, as a family sends it. */
function form(overrides: Record<string, unknown> = {}) {
  return {
    email: `family-${newId().slice(0, 8)}@example.org`,
    news: 'instant',
    alerts: 'on',
    website: '',
    formToken: issueFormToken('subscribe', new Date(Date.now() - 10_000)),
    ...overrides,
  }
}

function post(overrides: Partial<BlogSubmission> = {}): BlogSubmission {
  return { title: 'Sports Day', slug: `sports-day-${newId().slice(0, 8)}`, excerpt: 'Races on the field.', content: '<p>Races on the field.</p>', removeCover: false, coverFile: null, ...overrides }
}

async function subscriberRow(email: string) {
  return db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst()
}

async function outboxFor(recipient: string) {
  return db.selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).orderBy('created_at').execute()
}

async function compose(message: OutboxMessage): Promise<Composed> {
  const composer = composerFor(message.kind)
  if (!composer) throw new Error(`no composer for ${message.kind}`)
  return composer(message)
}

function sentMail(composed: Composed) {
  if (!('send' in composed) || composed.send.channel !== 'mail') throw new Error(`not a mail: ${JSON.stringify(composed)}`)
  return composed.send.mail
}

/** The secret of the links in the last confirmation or manage mail queued for an address, as the family reads it. */
async function mailedToken(email: string) {
  const message = (await outboxFor(email)).filter((queued) => queued.kind === 'subscription-confirm' || queued.kind === 'subscription-manage').at(-1)!
  const unsubscribeLink = sentMail(await compose(message)).headers!['List-Unsubscribe']!
  return unsubscribeLink.slice(`<${config.publicUrl}/unsubscribe/`.length, -1)
}

/** Subscribes and confirms an address with these choices; returns its token. */
async function confirmedSubscriber(overrides: Record<string, unknown> = {}) {
  const input = form(overrides)
  await subscribe(input, newVisitor())
  const row = (await subscriberRow(String(input.email)))!
  const token = await mailedToken(row.email)
  await confirmSubscription(token)
  return { email: String(input.email), token, id: row.id }
}

describe('subscribing', () => {
  test('a new address is stored unconfirmed, and a confirmation mail with its links is queued', async () => {
    const input = form()
    await expect(subscribe(input, newVisitor())).resolves.toBe(SUBSCRIPTION_MESSAGES.checkInbox)
    const row = (await subscriberRow(String(input.email)))!
    expect(row).toMatchObject({ news: 'instant', confirmed_at: null })
    const [queued, ...more] = await outboxFor(row.email)
    expect(more).toEqual([])
    expect(queued).toMatchObject({ kind: 'subscription-confirm', channel: 'mail', subject_table: 'subscribers', subject_id: row.id })
    const mail = sentMail(await compose(queued!))
    const token = await mailedToken(row.email)
    expect(token.length).toBeGreaterThanOrEqual(43)
    expect(mail.subject).toContain('Confirm your subscription')
    expect(mail.text).toContain(`${config.publicUrl}/subscribe/confirm/${token}`)
    expect(mail.html).toContain('Confirm my subscription')
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${config.publicUrl}/unsubscribe/${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
    expect((await findSubscriberByToken(token))?.email).toBe(row.email)
  })

  test('the database keeps no secret of the links: no value stored for a subscriber opens them', async () => {
    const { email, token } = await confirmedSubscriber()
    const row = (await subscriberRow(email))!
    const stored = Object.values(row).filter((value): value is string => typeof value === 'string')
    expect(stored).not.toContain(token)
    for (const value of stored) {
      expect(await findSubscriberByToken(value)).toBeNull()
      expect(await unsubscribe(value)).toBe(false)
    }
    expect((await findSubscriberByToken(token))?.email).toBe(email)
  })

  test('an address already confirmed gets the same answer, keeps its choices, and is sent a link to manage them', async () => {
    const { email, token } = await confirmedSubscriber({ news: 'weekly' })
    await expect(subscribe(form({ email: email.toUpperCase(), news: 'off', events: 'on' }), newVisitor())).resolves.toBe(SUBSCRIPTION_MESSAGES.checkInbox)
    expect(await subscriberRow(email)).toMatchObject({ news: 'weekly' })
    const manage = (await outboxFor(email)).find((message) => message.kind === 'subscription-manage')!
    const mail = sentMail(await compose(manage))
    expect(mail.text).toContain(`${config.publicUrl}/subscribe/manage/${token}`)
  })

  test('bad input is refused with its message and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-address' }, SUBSCRIPTION_MESSAGES.invalidEmail],
      [{ email: '' }, SUBSCRIPTION_MESSAGES.emailRequired],
      [{ news: 'off', alerts: undefined }, SUBSCRIPTION_MESSAGES.nothingChosen],
      [{ news: 'hourly' }, SUBSCRIPTION_MESSAGES.invalidChoice],
      [{ website: 'http://spam.example' }, SUBSCRIPTION_MESSAGES.invalidSubmission],
      [{ formToken: issueFormToken('subscribe') }, SUBSCRIPTION_MESSAGES.tooFast],
      [{ formToken: issueFormToken('contact', new Date(Date.now() - 10_000)) }, SUBSCRIPTION_MESSAGES.tooFast],
    ]
    for (const [overrides, message] of cases) {
      const input = form(overrides)
      await expect(subscribe(input, newVisitor())).rejects.toMatchObject({ code: 'invalid', message })
      if (typeof input.email === 'string' && input.email.includes('@')) expect(await subscriberRow(input.email)).toBeUndefined()
    }
  })

  test('a token carries one subscription, and one visitor is spaced', async () => {
    const visitor = newVisitor()
    const first = form()
    await subscribe(first, visitor)
    await expect(subscribe(form({ formToken: first.formToken }), newVisitor())).rejects.toMatchObject({ code: 'invalid', message: SUBSCRIPTION_MESSAGES.invalidSubmission })
    const second = form()
    await expect(subscribe(second, visitor)).rejects.toMatchObject({ code: 'rate_limited', message: SUBSCRIPTION_MESSAGES.tooSoon })
    expect(await subscriberRow(String(second.email))).toBeUndefined()
  })

  test('confirming, changing the choices, unknown and expired links', async () => {
    const input = form()
    await subscribe(input, newVisitor())
    const token = await mailedToken(String(input.email))
    await expect(updateSubscriptionChoices(token, { news: 'weekly' })).rejects.toMatchObject({ code: 'not_found', message: SUBSCRIPTION_MESSAGES.badLink })
    const confirmed = await confirmSubscription(token)
    expect(confirmed.confirmedAt).not.toBeNull()
    await expect(updateSubscriptionChoices(token, { news: 'off' })).rejects.toMatchObject({ message: SUBSCRIPTION_MESSAGES.nothingChosen })
    expect(await updateSubscriptionChoices(token, { news: 'weekly', events: 'on' })).toMatchObject({ news: 'weekly', events: true, alerts: false })
    // A link whose signature was changed opens nothing.
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    await expect(confirmSubscription(forged)).rejects.toMatchObject({ code: 'not_found', message: SUBSCRIPTION_MESSAGES.badLink })
    await expect(confirmSubscription('x'.repeat(43))).rejects.toMatchObject({ code: 'not_found', message: SUBSCRIPTION_MESSAGES.badLink })

    const late = form()
    await subscribe(late, newVisitor())
    const lateToken = await mailedToken(String(late.email))
    const eightDaysOn = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000)
    expect(await findSubscriberByToken(lateToken, eightDaysOn)).toBeNull()
    await expect(confirmSubscription(lateToken, eightDaysOn)).rejects.toMatchObject({ message: SUBSCRIPTION_MESSAGES.badLink })
    expect(await removeExpiredSubscriptions(eightDaysOn)).toBeGreaterThanOrEqual(1)
    expect(await subscriberRow(String(late.email))).toBeUndefined()
    expect(await subscriberRow(String(input.email))).toBeDefined()
  })
})

describe('announcing to subscribers', () => {
  test('a published post queues one mail per confirmed instant subscriber; the mail can be unsubscribed from in one click', async () => {
    const instant = await confirmedSubscriber({ news: 'instant' })
    const weekly = await confirmedSubscriber({ news: 'weekly' })
    const newsOff = await confirmedSubscriber({ news: 'off', events: 'on' })
    const pending = form({ news: 'instant' })
    await subscribe(pending, newVisitor())

    const published = await createBlogPost(post({ title: 'Sports <Day> & "Races"' }))
    const mails = await db.selectFrom('outbox_messages').selectAll().where('subject_id', '=', published.id).execute()
    expect(mails.filter((mail) => mail.recipient === instant.email)).toHaveLength(1)
    for (const other of [weekly.email, newsOff.email, String(pending.email)]) expect(mails.some((mail) => mail.recipient === other)).toBe(false)

    // Saving the live post again queues nothing new.
    await updateBlogPost(published.id, post({ slug: published.slug, title: 'Sports Day, again' }))
    expect(await db.selectFrom('outbox_messages').select('id').where('subject_id', '=', published.id).execute()).toHaveLength(mails.length)

    const message = mails.find((mail) => mail.recipient === instant.email)!
    expect(message.kind).toBe('subscription-post')
    const mail = sentMail(await compose(message))
    expect(mail.to).toBe(instant.email)
    expect(mail.subject).toBe('Sports Day, again')
    expect(mail.html).toContain(`href="${config.publicUrl}/blogs/${published.slug}"`)
    expect(mail.html).toContain('Read more')
    expect(mail.html).toContain(`${config.publicUrl}/unsubscribe/${instant.token}`)
    expect(mail.text).toContain(`Unsubscribe: ${config.publicUrl}/unsubscribe/${instant.token}`)
    expect(mail.headers?.['List-Unsubscribe']).toBe(`<${config.publicUrl}/unsubscribe/${instant.token}>`)
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

    expect(await unsubscribe(instant.token)).toBe(true)
    expect(await subscriberRow(instant.email)).toBeUndefined()
    expect(await unsubscribe(instant.token)).toBe(false)
    // A mail still queued for them is skipped at delivery, and the next post queues none.
    expect(await compose(message)).toEqual({ skip: expect.any(String) })
    const next = await createBlogPost(post())
    expect(await db.selectFrom('outbox_messages').select('id').where('subject_id', '=', next.id).where('recipient', '=', instant.email).execute()).toEqual([])
  })

  test('the mail escapes what the post says', async () => {
    const instant = await confirmedSubscriber()
    const published = await createBlogPost(post({ title: '<script>alert(1)</script> & more', excerpt: '<b>bold</b>' }))
    const message = (await outboxFor(instant.email)).find((row) => row.subject_id === published.id)!
    const { html } = sentMail(await compose(message))
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<b>bold')
    expect(html).toContain('&#60;script&#62;')
  })

  test('a scheduled post is queued for its publish time, postponed if the time moves, skipped once unpublished; a draft queues nothing', async () => {
    const instant = await confirmedSubscriber()
    const draft = await createBlogPost(post({ publication: { state: 'draft' } }))
    expect(await db.selectFrom('outbox_messages').select('id').where('subject_id', '=', draft.id).execute()).toEqual([])

    const at = new Date(Date.now() + 3 * 60 * 60 * 1000)
    at.setUTCSeconds(0, 0)
    const wall = (date: Date) => utcToZonedTime(date.toISOString(), config.timeZone)
    const scheduled = await createBlogPost(post({ publication: { state: 'scheduled', publishAt: wall(at) } }))
    const [queued] = await db.selectFrom('outbox_messages').selectAll().where('subject_id', '=', scheduled.id).where('recipient', '=', instant.email).execute()
    expect(new Date(readTimestamp(queued!.deliver_after)).getTime()).toBe(at.getTime())
    expect(await compose(queued!)).toEqual({ postponeUntil: at })

    const later = new Date(at.getTime() + 60 * 60 * 1000)
    await updateBlogPost(scheduled.id, post({ slug: scheduled.slug, publication: { state: 'scheduled', publishAt: wall(later) } }))
    const moved = await db.selectFrom('outbox_messages').selectAll().where('id', '=', queued!.id).executeTakeFirstOrThrow()
    expect(new Date(readTimestamp(moved.deliver_after)).getTime()).toBe(later.getTime())

    await updateBlogPost(scheduled.id, post({ slug: scheduled.slug, publication: { state: 'draft' } }))
    expect(await compose(moved)).toEqual({ skip: expect.any(String) })
  })

  test('a published event queues a mail to the subscribers who chose events', async () => {
    const events = await confirmedSubscriber({ news: 'off', events: 'on' })
    const noEvents = await confirmedSubscriber({ news: 'instant', events: undefined })
    const event = await createEvent({ title: 'Open day', description: 'Come & see.', startDate: '2030-06-10T09:00', endDate: null, imageUrl: null, imageFile: null })
    const rows = await db.selectFrom('outbox_messages').selectAll().where('subject_id', '=', event.id).execute()
    expect(rows.map((row) => row.recipient)).toContain(events.email)
    expect(rows.map((row) => row.recipient)).not.toContain(noEvents.email)
    const mail = sentMail(await compose(rows.find((row) => row.recipient === events.email)!))
    expect(mail.subject).toContain('Open day')
    expect(mail.html).toContain('Come &#38; see.')
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  })
})

describe('the weekly digest', () => {
  test('queued once per weekly subscriber after Friday 16:00, however often and on however many instances it runs', async () => {
    const weekly = await confirmedSubscriber({ news: 'weekly' })
    const instant = await confirmedSubscriber({ news: 'instant' })
    // The post was published during the week before the run.
    const published = await createBlogPost(post({ title: 'Week news' }))
    const publishedAt = new Date(published.publishedAt)
    let now = new Date(publishedAt.getTime() + 60_000)
    while (lastDigestWeek(now, config.timeZone).to.getTime() < publishedAt.getTime()) now = new Date(now.getTime() + 60 * 60 * 1000)
    const week = lastDigestWeek(now, config.timeZone)
    expect(utcToZonedTime(week.to.toISOString(), config.timeZone)).toMatch(/T16:00$/)
    expect(new Date(`${week.key}T00:00:00Z`).getUTCDay()).toBe(5)

    const runs = await Promise.all([queueWeeklyDigests(now), queueWeeklyDigests(now)])
    await queueWeeklyDigests(new Date(now.getTime() + 60_000))
    expect(runs.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1)
    const digests = await db.selectFrom('outbox_messages').selectAll().where('kind', '=', 'subscription-digest').where('subject_id', '=', week.key).execute()
    expect(digests.filter((row) => row.recipient === weekly.email)).toHaveLength(1)
    expect(digests.some((row) => row.recipient === instant.email)).toBe(false)
    const mail = sentMail(await compose(digests.find((row) => row.recipient === weekly.email)!))
    expect(mail.html).toContain('Week news')
    expect(mail.headers?.['List-Unsubscribe']).toContain('/unsubscribe/')
  })

  test('a week without posts queues nothing', async () => {
    await confirmedSubscriber({ news: 'weekly' })
    const now = new Date('2031-01-03T18:00:00Z')
    expect(await queueWeeklyDigests(now, 'UTC')).toBe(0)
  })
})

describe('the back office', () => {
  test('counts, search and pages, delete, and the CSV of address, choices and dates', async () => {
    const before = await countSubscribers()
    const marker = newId().slice(0, 8)
    const weekly = await confirmedSubscriber({ email: `-cmd-${marker}@example.org`, news: 'weekly', events: 'on' })
    await subscribe(form({ email: `pending-${marker}@example.org` }), newVisitor())
    expect(await countSubscribers()).toMatchObject({ confirmed: before.confirmed + 1, pending: before.pending + 1, weekly: before.weekly + 1, events: before.events + 1, alerts: before.alerts + 1 })

    const found = await listSubscribers({ search: marker.toUpperCase() })
    expect(found.pages.total).toBe(2)
    expect(found.subscribers.map((subscriber) => subscriber.email).sort()).toEqual([`-cmd-${marker}@example.org`, `pending-${marker}@example.org`])
    const all = await listSubscribers({ page: 1 })
    expect(all.subscribers.length).toBeLessThanOrEqual(50)
    // A page past the end shows the last one.
    const lastPage = Math.ceil(all.pages.total / 50)
    expect((await listSubscribers({ page: lastPage + 1 })).pages.page).toBe(Math.max(1, lastPage))

    const csv = await subscribersCsv()
    expect(csv.split('\r\n')[0]).toBe('email,news,events,alerts,subscribed_at,confirmed_at,updated_at')
    expect(csv).toContain(`'-cmd-${marker}@example.org,weekly,yes,yes,`)

    await deleteSubscriber(weekly.id)
    expect(await subscriberRow(weekly.email)).toBeUndefined()
    await expect(deleteSubscriber(weekly.id)).rejects.toMatchObject({ code: 'not_found', message: SUBSCRIPTION_MESSAGES.notFound })
  })
})

describe('the pages a link opens', () => {
  const args = (token: string, init?: RequestInit) => ({ request: new Request(`http://localhost/x/${token}`, init), params: { token }, context: new RouterContextProvider() })

  test('confirm: GET changes nothing, the POST confirms; unsubscribe: the one-click POST deletes; unknown links are told plainly', async () => {
    const input = form()
    await subscribe(input, newVisitor())
    const row = (await subscriberRow(String(input.email)))!
    const token = await mailedToken(row.email)
    const page = (await confirmLoader(args(token) as never)) as { subscriber: { confirmed: boolean } }
    expect(page.subscriber.confirmed).toBe(false)
    expect((await subscriberRow(row.email))!.confirmed_at).toBeNull()
    expect(await confirmAction(args(token, { method: 'POST' }) as never)).toEqual({ ok: true, message: SUBSCRIPTION_MESSAGES.confirmed })
    expect((await subscriberRow(row.email))!.confirmed_at).not.toBeNull()

    const unknown = (await confirmLoader(args('y'.repeat(43)) as never)) as { init: { status: number } }
    expect(unknown.init.status).toBe(404)

    const oneClick = { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
    expect(await unsubscribeAction(args(token, oneClick) as never)).toEqual({ message: SUBSCRIPTION_MESSAGES.unsubscribed })
    expect(await subscriberRow(row.email)).toBeUndefined()
    expect(await unsubscribeAction(args(token, oneClick) as never)).toEqual({ message: SUBSCRIPTION_MESSAGES.notSubscribed })
  })
})

describe('the content API publishes through the same operations', () => {
  test('a draft posted and then published by the API queues the mail once, when it is published', async () => {
    const instant = await confirmedSubscriber()
    const { key } = await apiKeyFor('editor')
    const slug = `api-${newId().slice(0, 8)}`
    const draft = await callApi('POST', '/posts', { key, body: { title: 'From the API', slug, content: '<p>Hello</p>', status: 'draft' } })
    const id = draft.body!.id as string
    const queuedFor = () => db.selectFrom('outbox_messages').select('id').where('subject_id', '=', id).where('recipient', '=', instant.email).execute()
    expect(await queuedFor()).toEqual([])
    await callApi('PATCH', `/posts/${id}`, { key, body: { status: 'published' } })
    expect(await queuedFor()).toHaveLength(1)
    await callApi('PATCH', `/posts/${id}`, { key, body: { title: 'From the API, edited' } })
    expect(await queuedFor()).toHaveLength(1)
  })
})
