import { describe, expect, test } from 'vitest'
import { CONTACT_ADMIN_MESSAGES } from '#app/domain/contact/contact-message.schema.ts'
import { deleteContactMessage, setContactMessageRead } from '#app/domain/contact/contact-messages.server.ts'
import { issueContactFormToken, submitContactMessage } from '#app/domain/contact/contact.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { db } from '#app/lib/db.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { readBool } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

const RENDERED_AT = new Date('2026-03-02T10:00:00.000Z')
/** Comfortably past the 3 s minimum. */
const LATER = new Date(RENDERED_AT.getTime() + 10_000)

let visitorCount = 0
/** Each test is its own visitor, so the 30 s rule of one test never touches another. */
function newVisitor() {
  visitorCount += 1
  return `203.0.113.${visitorCount}`
}

function form(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Parent',
    email: 'ada@example.org',
    message: 'When is the open day?',
    website: '',
    formToken: issueContactFormToken(RENDERED_AT),
    ...overrides,
  }
}

async function messageCount() {
  const row = await db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Submits and checks that the message is stored, unread, under a new id. */
async function expectStored(input: Record<string, unknown>, visitor: string, now: Date) {
  const before = await messageCount()
  const stored = await submitContactMessage(input, visitor, now)
  expect(stored).toMatchObject({ id: expect.any(String), read: false })
  expect(await messageCount()).toBe(before + 1)
  return stored
}

/** The refusals the visitor sees, by the code that gives their status. */
const INVALID = { code: 'invalid', status: 400 }
const RATE_LIMITED = { code: 'rate_limited', status: 429 }

/** Submits and checks that the refusal carries `error` (with the code expected for it) and stored nothing. */
async function expectRefused(input: Record<string, unknown>, error: string, now = LATER, visitor = newVisitor()) {
  const before = await messageCount()
  const refusal: unknown = await submitContactMessage(input, visitor, now).then(
    () => expect.unreachable('the message was stored'),
    (reason: unknown) => reason,
  )
  expect(refusal).toBeInstanceOf(DomainError)
  expect(refusal).toMatchObject({ message: error, ...(error === 'Please wait before submitting again.' ? RATE_LIMITED : INVALID) })
  expect(await messageCount()).toBe(before)
  return refusal
}

describe(`contact messages on ${database.engine}`, () => {
  test('a valid message is stored unread and announced on the change feed', async () => {
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['contact_messages'], (change) => changes.push(change))
    const result = await expectStored(form({ name: '  Ada Parent  ' }), newVisitor(), LATER).finally(unsubscribe)

    const row = await db.selectFrom('contact_messages').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ name: 'Ada Parent', email: 'ada@example.org', message: 'When is the open day?' })
    expect(readBool(row.read)).toBe(false)
    expect(result).toEqual({ id: row.id, name: 'Ada Parent', email: 'ada@example.org', message: 'When is the open day?', read: false, createdAt: LATER.toISOString() })
    expect(changes).toEqual([{ table: 'contact_messages', type: 'insert', id: result.id }])
  })

  test("a filled-in spam trap is refused with 'Invalid submission detected.'", async () => {
    await expectRefused(form({ website: 'https://spam.example' }), 'Invalid submission detected.')
  })

  test("a form sent less than 3 s after the server rendered it is refused with 'Please take your time filling out the form.'", async () => {
    await expectRefused(form(), 'Please take your time filling out the form.', new Date(RENDERED_AT.getTime() + 2_999))
    await expectRefused(form(), 'Please take your time filling out the form.', new Date(RENDERED_AT.getTime() - 1_000))
  })

  test('a missing, forged, tampered or day-old token counts as too fast', async () => {
    const message = 'Please take your time filling out the form.'
    const { formToken: _missing, ...withoutToken } = form()
    await expectRefused(withoutToken, message)
    await expectRefused(form({ formToken: '' }), message)
    await expectRefused(form({ formToken: 'not-a-token' }), message)
    await expectRefused(form({ formToken: `${RENDERED_AT.getTime()}.forged-signature` }), message)
    const [, nonce, signature] = issueContactFormToken(RENDERED_AT).split('.')
    // An older render time with the genuine rest: moving the clock back must not pass.
    await expectRefused(form({ formToken: `${RENDERED_AT.getTime() - 60_000}.${nonce}.${signature}` }), message)
    // The earlier form of token, a render time and its signature, no longer passes.
    await expectRefused(form({ formToken: `${RENDERED_AT.getTime()}.${signature}` }), message)
    await expectRefused(form(), message, new Date(RENDERED_AT.getTime() + 24 * 60 * 60 * 1000 + 1))
  })

  test("a second message from the same visitor within 30 s is refused with 'Please wait before submitting again.'; after 30 s it is accepted", async () => {
    const visitor = newVisitor()
    await expectStored(form(), visitor, LATER)

    const refusal = await expectRefused(form(), 'Please wait before submitting again.', new Date(LATER.getTime() + 29_999), visitor)
    expect(refusal).toMatchObject({ code: 'rate_limited', fields: {} })
    // A refused attempt does not restart the 30 s.
    await expectStored(form(), visitor, new Date(LATER.getTime() + 30_000))
    // Another visitor is not affected.
    await expectStored(form(), newVisitor(), new Date(LATER.getTime() + 30_001))
  })

  test("a sixth message from one visitor within 10 minutes is refused with 'Please wait before submitting again.', even 30 s apart", async () => {
    const visitor = newVisitor()
    const at = (seconds: number) => new Date(LATER.getTime() + seconds * 1000)
    for (const seconds of [0, 30, 60, 90, 120]) {
      await expectStored(form(), visitor, at(seconds))
    }
    await expectRefused(form(), 'Please wait before submitting again.', at(150), visitor)
    // Another visitor is not affected; 10 minutes after the first message the window starts again.
    await expectStored(form(), newVisitor(), at(150))
    await expectStored(form(), visitor, at(600))
  })

  test('only a successful message starts the 30 s: refusals for other rules do not', async () => {
    const visitor = newVisitor()
    await expectRefused(form({ email: 'nope' }), 'Invalid email address', LATER, visitor)
    await expectStored(form(), visitor, new Date(LATER.getTime() + 1_000))
  })

  test('two simultaneous messages from one visitor store only one', async () => {
    const visitor = newVisitor()
    const before = await messageCount()
    const results = await Promise.allSettled([submitContactMessage(form(), visitor, LATER), submitContactMessage(form(), visitor, LATER)])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { ...RATE_LIMITED, message: 'Please wait before submitting again.' } })
    expect(await messageCount()).toBe(before + 1)
  })

  test('field limits and formats, each with its own message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is required'],
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(101) }, 'name', 'Name must be less than 100 characters'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
      [{ email: `${'a'.repeat(250)}@example.org` }, 'email', 'Email must be less than 255 characters'],
      [{ message: '' }, 'message', 'Message is required'],
      [{ message: 'x'.repeat(1001) }, 'message', 'Message must be less than 1000 characters'],
    ]
    for (const [overrides, field, message] of cases) {
      const result = await expectRefused(form(overrides), message)
      expect(result).toMatchObject({ code: 'invalid', fields: { [field]: message } })
    }
  })

  test('IPv6 addresses of one /64 are one visitor; a neighbouring /64 and the IPv4-mapped form of an address count as expected', async () => {
    await expectStored(form(), '2001:db8:5:6::1', LATER)
    await expectRefused(form(), 'Please wait before submitting again.', new Date(LATER.getTime() + 1_000), '2001:db8:5:6:ffff:ffff:ffff:ffff')
    await expectStored(form(), '2001:db8:5:7::1', new Date(LATER.getTime() + 1_000))

    const ipv4 = newVisitor()
    await expectStored(form(), ipv4, LATER)
    await expectRefused(form(), 'Please wait before submitting again.', new Date(LATER.getTime() + 1_000), `::ffff:${ipv4}`)
  })

  test("a form token is good for one message: sent again, it is refused with 'Invalid submission detected.'", async () => {
    const formToken = issueContactFormToken(RENDERED_AT)
    await expectStored(form({ formToken }), newVisitor(), LATER)
    // From another visitor, later: still refused, and nothing stored.
    const refusal = await expectRefused(form({ formToken }), 'Invalid submission detected.', new Date(LATER.getTime() + 60_000))
    expect(refusal).toMatchObject({ code: 'invalid', fields: {} })
    // Each rendering of the form has its own token, even within one millisecond.
    expect(issueContactFormToken(RENDERED_AT)).not.toBe(issueContactFormToken(RENDERED_AT))
  })

  test('two simultaneous messages with one form token store only one', async () => {
    const formToken = issueContactFormToken(RENDERED_AT)
    const before = await messageCount()
    const results = await Promise.allSettled([
      submitContactMessage(form({ formToken }), newVisitor(), LATER),
      submitContactMessage(form({ formToken }), newVisitor(), LATER),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { ...INVALID, message: 'Invalid submission detected.' } })
    expect(await messageCount()).toBe(before + 1)
  })

  test('a refused message does not use up its token: sent again once allowed, it is stored', async () => {
    const visitor = newVisitor()
    await expectStored(form(), visitor, LATER)
    const formToken = issueContactFormToken(RENDERED_AT)
    await expectRefused(form({ formToken }), 'Please wait before submitting again.', new Date(LATER.getTime() + 10_000), visitor)
    await expectStored(form({ formToken }), visitor, new Date(LATER.getTime() + 30_000))
  })

  test('a stored message clears spacing records older than the 10-minute window and used tokens past their 24 h', async () => {
    const longAgo = new Date(LATER.getTime() - 2 * 24 * 60 * 60 * 1000)
    const oldToken = issueContactFormToken(new Date(longAgo.getTime() - 10_000))
    await expectStored(form({ formToken: oldToken }), newVisitor(), longAgo)
    const stale = async () => ({
      throttle: (await db.selectFrom('contact_throttle').select('visitor').where('last_submitted_at', '<=', new Date(LATER.getTime() - 10 * 60_000).toISOString()).execute()).length,
      tokens: (await db.selectFrom('contact_used_tokens').select('token').where('expires_at', '<', LATER.toISOString()).execute()).length,
    })
    expect(await stale()).toEqual({ throttle: 1, tokens: 1 })

    await expectStored(form(), newVisitor(), LATER)
    expect(await stale()).toEqual({ throttle: 0, tokens: 0 })
  })

  test('the longest allowed values are accepted', async () => {
    const email = `${'a'.repeat(243)}@example.org`
    expect(email).toHaveLength(255)
    const result = await expectStored(form({ name: 'n'.repeat(100), email, message: 'm'.repeat(1000) }), newVisitor(), LATER)
    expect(result).toMatchObject({ name: 'n'.repeat(100), email, message: 'm'.repeat(1000) })
  })
})

describe(`contact messages in the admin on ${database.engine}`, () => {
  test('marking read and unread stores the flag, returns the message and announces it; an unknown id is not found', async () => {
    const stored = await expectStored(form(), newVisitor(), LATER)
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['contact_messages'], (change) => changes.push(change))
    try {
      expect(await setContactMessageRead(stored.id, true)).toEqual({ ...stored, read: true })
      expect(readBool((await db.selectFrom('contact_messages').select('read').where('id', '=', stored.id).executeTakeFirstOrThrow()).read)).toBe(true)
      expect(await setContactMessageRead(stored.id, false)).toEqual(stored)
      await expect(setContactMessageRead('no-such-message', true)).rejects.toMatchObject({ code: 'not_found', message: CONTACT_ADMIN_MESSAGES.statusFailed })
    } finally {
      unsubscribe()
    }
    expect(changes).toEqual([
      { table: 'contact_messages', type: 'update', id: stored.id },
      { table: 'contact_messages', type: 'update', id: stored.id },
    ])
  })

  test('deleting removes the row and announces it; deleting it again is not found', async () => {
    const stored = await expectStored(form(), newVisitor(), LATER)
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['contact_messages'], (change) => changes.push(change))
    try {
      await deleteContactMessage(stored.id)
      await expect(deleteContactMessage(stored.id)).rejects.toMatchObject({ code: 'not_found', message: CONTACT_ADMIN_MESSAGES.deleteFailed })
    } finally {
      unsubscribe()
    }
    expect(await db.selectFrom('contact_messages').select('id').where('id', '=', stored.id).execute()).toEqual([])
    expect(changes).toEqual([{ table: 'contact_messages', type: 'delete', id: stored.id }])
  })
})
