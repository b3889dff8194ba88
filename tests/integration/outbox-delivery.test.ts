import { afterAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { sendAppMailTo, startSmtpPeer } from '#tests/setup/smtp-peer.ts'

let refusal: { code: number; text: string } | undefined
const peer = await startSmtpPeer({ refuse: (address) => (address.startsWith('refused') ? refusal : undefined) })
await sendAppMailTo(peer)

const { db } = await import('#app/lib/db.server.ts')
const { mailer } = await import('#app/lib/mail/mail.server.ts')
const { writeTransaction } = await import('#app/lib/transaction.server.ts')
const { registerComposer } = await import('#app/domain/outbox/outbox.server.ts')
const { queuePreparedMails } = await import('#app/domain/outbox/prepared-mail.server.ts')
const { deliverDueMessages, messageIdFor, MAX_ATTEMPTS, startOutboxWorker } = await import('#app/domain/outbox/outbox-worker.server.ts')
const { registerPeriodicTask } = await import('#app/domain/outbox/outbox.server.ts')
const { prepareTestDatabase } = await import('#tests/setup/database-lifecycle.ts')

const database = prepareTestDatabase()

afterAll(async () => {
  mailer.close()
  await peer.close()
})

beforeEach(async () => {
  refusal = undefined
  peer.accepted.length = 0
  await db.deleteFrom('outbox_messages').execute()
})

function queue(...recipients: string[]) {
  return writeTransaction((tx) =>
    queuePreparedMails(
      tx,
      recipients.map((to) => ({
        to,
        dedupeKey: `test:${to}`,
        subject: `Hello ${to}`,
        text: 'The school fair is on Saturday.',
        html: '<p>The school fair is on Saturday.</p>',
        replyTo: 'office@school.test',
      })),
    ),
  )
}

function row(recipient: string) {
  return db.selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).executeTakeFirstOrThrow()
}

const minutes = (n: number) => n * 60_000

describe(`the outbox's delivery on ${database.engine}`, () => {
  test('a queued mail is claimed, sent over SMTP with a Message-ID of its row and its reply-to, and marked sent', async () => {
    expect(await queue('parent@family.test')).toBe(1)
    expect(await deliverDueMessages()).toBe(1)

    const sent = await row('parent@family.test')
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null, title: 'Hello parent@family.test' })
    expect(sent.sent_at).not.toBeNull()
    expect(peer.accepted).toHaveLength(1)
    expect(peer.accepted[0]).toMatchObject({ to: ['parent@family.test'], subject: 'Hello parent@family.test', messageId: messageIdFor(sent.id) })
    expect(peer.accepted[0]!.raw).toMatch(/^Reply-To: office@school\.test/m)

    // Nothing is due any more: a second pass sends nothing.
    expect(await deliverDueMessages()).toBe(0)
    expect(peer.accepted).toHaveLength(1)
  })

  test('a mail queued for later waits for its time', async () => {
    await writeTransaction((tx) =>
      queuePreparedMails(tx, [{ to: 'later@family.test', dedupeKey: 'later', subject: 'Later', text: 'x', html: '<p>x</p>', deliverAfter: new Date(Date.now() + minutes(10)) }]),
    )
    expect(await deliverDueMessages()).toBe(0)
    expect(await deliverDueMessages({ now: new Date(Date.now() + minutes(11)) })).toBe(1)
    expect(peer.accepted.map((mail) => mail.to)).toEqual([['later@family.test']])
  })

  test('a recipient refused for now (4xx) is tried again later, waiting longer each time, then delivered', async () => {
    refusal = { code: 451, text: 'Mailbox busy, try again later' }
    await queue('refused@family.test')
    const start = Date.now()
    expect(await deliverDueMessages()).toBe(1)
    let pending = await row('refused@family.test')
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 })
    expect(pending.last_error).toMatch(/^451 .*Mailbox busy, try again later/)
    const firstWait = Date.parse(String(new Date(pending.deliver_after).toISOString())) - start
    expect(firstWait).toBeGreaterThanOrEqual(minutes(1) - 1000)
    expect(firstWait).toBeLessThan(minutes(2))

    // Not yet due: nothing happens.
    expect(await deliverDueMessages()).toBe(0)

    // A minute later: refused again, and the wait doubles.
    const second = new Date(start + minutes(1) + 1000)
    expect(await deliverDueMessages({ now: second })).toBe(1)
    pending = await row('refused@family.test')
    expect(pending).toMatchObject({ status: 'pending', attempts: 2 })
    expect(new Date(pending.deliver_after).getTime() - second.getTime()).toBe(minutes(2))

    // The server takes it now.
    refusal = undefined
    expect(await deliverDueMessages({ now: new Date(second.getTime() + minutes(2)) })).toBe(1)
    expect(await row('refused@family.test')).toMatchObject({ status: 'sent', attempts: 3, last_error: null })
    expect(peer.accepted).toHaveLength(1)
  })

  test(`a refusal that goes on is given up as failed after ${MAX_ATTEMPTS} attempts`, async () => {
    refusal = { code: 452, text: 'Insufficient system storage' }
    await queue('refused.always@family.test')
    let now = Date.now()
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await deliverDueMessages({ now: new Date(now) })).toBe(1)
      now += minutes(4 * 60) + 1000
    }
    const failed = await row('refused.always@family.test')
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS })
    expect(failed.last_error).toMatch(/^Gave up after 8 attempts: 452 .*Insufficient system storage/)
    expect(await deliverDueMessages({ now: new Date(now + minutes(60 * 24)) })).toBe(0)
  })

  test('a recipient refused for good (5xx) fails at once with the server\'s reason, and the others still go', async () => {
    refusal = { code: 550, text: 'No such user here' }
    await queue('refused.gone@family.test', 'teacher@family.test')
    expect(await deliverDueMessages()).toBe(2)
    const failed = await row('refused.gone@family.test')
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.last_error).toMatch(/^550 .*No such user here/)
    expect(await row('teacher@family.test')).toMatchObject({ status: 'sent' })
    expect(peer.accepted.map((mail) => mail.to)).toEqual([['teacher@family.test']])
  })

  test('a composer can skip a message that is no longer wanted, or postpone it without counting an attempt', async () => {
    let decision: 'skip' | 'postpone' | 'send' = 'skip'
    const postponeTo = new Date(Date.now() + minutes(30))
    registerComposer('test-decides', (message) =>
      Promise.resolve(
        decision === 'skip'
          ? { skip: 'The post was unpublished' }
          : decision === 'postpone'
            ? { postponeUntil: postponeTo }
            : { send: { channel: 'mail' as const, mail: { to: message.recipient, subject: 'Decided', text: 'x', html: '<p>x</p>' } } },
      ),
    )
    await writeTransaction(async (tx) => {
      const { queueMessages } = await import('#app/domain/outbox/outbox.server.ts')
      await queueMessages(tx, [
        { kind: 'test-decides', channel: 'mail', recipient: 'skipped@family.test', dedupeKey: 'decides:1' },
        { kind: 'no-such-kind', channel: 'mail', recipient: 'unknown@family.test', dedupeKey: 'unknown:1' },
      ])
    })
    expect(await deliverDueMessages()).toBe(2)
    expect(await row('skipped@family.test')).toMatchObject({ status: 'skipped', last_error: 'The post was unpublished' })
    expect(await row('unknown@family.test')).toMatchObject({ status: 'failed', last_error: "No composer for messages of kind 'no-such-kind'" })

    await db.updateTable('outbox_messages').set({ status: 'pending' }).where('recipient', '=', 'skipped@family.test').execute()
    decision = 'postpone'
    expect(await deliverDueMessages()).toBe(1)
    const postponed = await row('skipped@family.test')
    expect(postponed).toMatchObject({ status: 'pending', attempts: 1 })
    expect(new Date(postponed.deliver_after).getTime()).toBe(postponeTo.getTime())

    decision = 'send'
    expect(await deliverDueMessages({ now: new Date(postponeTo.getTime() + 1000) })).toBe(1)
    expect(await row('skipped@family.test')).toMatchObject({ status: 'sent', attempts: 2 })
    expect(peer.accepted.map((mail) => mail.subject)).toEqual(['Decided'])
  })

  test('a message a crashed worker claimed is taken over once its lease has run out', async () => {
    await queue('orphan@family.test')
    await db
      .updateTable('outbox_messages')
      .set({ status: 'sending', claimed_by: 'a-crashed-worker', attempts: 1, lease_until: new Date(Date.now() + minutes(2)).toISOString() })
      .execute()
    expect(await deliverDueMessages()).toBe(0)
    expect(await deliverDueMessages({ now: new Date(Date.now() + minutes(3)) })).toBe(1)
    expect(await row('orphan@family.test')).toMatchObject({ status: 'sent', attempts: 2 })
  })

  test.runIf(database.engine === 'postgres')('two passes at once never send a message twice', async () => {
    const recipients = Array.from({ length: 300 }, (_, n) => `family${n}@family.test`)
    await queue(...recipients)
    const handled = await Promise.all([deliverDueMessages(), deliverDueMessages()])
    expect(handled[0] + handled[1]).toBe(300)
    // Both passes took part (SKIP LOCKED let them share the work rather than wait).
    expect(handled.every((count) => count > 0)).toBe(true)
    const ids = peer.accepted.map((mail) => mail.messageId)
    expect(ids).toHaveLength(300)
    expect(new Set(ids).size).toBe(300)
    const statuses = await db.selectFrom('outbox_messages').select('status').where('status', '!=', 'sent').execute()
    expect(statuses).toEqual([])
  })

  test('the running worker sends what a write queues at once, a scheduled mail at its time, runs the periodic tasks, and stops cleanly', async () => {
    const ticks: Date[] = []
    registerPeriodicTask((now) => {
      ticks.push(now)
      return Promise.resolve()
    })
    const worker = startOutboxWorker({ firstPeriodicAfterMs: 0 })
    try {
      await vi.waitFor(() => expect(ticks.length).toBeGreaterThan(0))
      // Woken by the change feed event that queueing publishes.
      await queue('woken@family.test')
      await vi.waitFor(() => expect(peer.accepted.map((mail) => mail.to[0])).toContain('woken@family.test'), { timeout: 15_000 })
      // The peer holds the mail a moment before the worker has its answer and marks the row sent.
      await vi.waitFor(async () => expect(await row('woken@family.test')).toMatchObject({ status: 'sent' }))

      // Woken by its timer when the next message falls due.
      const due = new Date(Date.now() + 1500)
      await writeTransaction((tx) =>
        queuePreparedMails(tx, [{ to: 'timed@family.test', dedupeKey: 'timed', subject: 'Timed', text: 'x', html: '<p>x</p>', deliverAfter: due }]),
      )
      await vi.waitFor(() => expect(peer.accepted.map((mail) => mail.to[0])).toContain('timed@family.test'), { timeout: 15_000, interval: 100 })
      expect(Date.now()).toBeGreaterThanOrEqual(due.getTime())
    } finally {
      await worker.stop()
    }
    // Stopped: nothing is sent any more.
    await queue('after-stop@family.test')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await row('after-stop@family.test')).toMatchObject({ status: 'pending' })
  })
})
