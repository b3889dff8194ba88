import { describe, expect, test } from 'vitest'
import { issueContactFormToken, submitContactMessage } from '#app/domain/contact/contact.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
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

/** Submits and checks that the refusal carries `error` and stored nothing. */
async function expectRefused(input: Record<string, unknown>, error: string, now = LATER, visitor = newVisitor()) {
  const before = await messageCount()
  const result = await submitContactMessage(input, visitor, now)
  expect(result).toMatchObject({ ok: false, error })
  expect(await messageCount()).toBe(before)
  return result
}

describe(`contact messages on ${database.engine}`, () => {
  test('a valid message is stored unread and announced on the change feed', async () => {
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['contact_messages'], (change) => changes.push(change))
    const result = await submitContactMessage(form({ name: '  Ada Parent  ' }), newVisitor(), LATER)
    unsubscribe()

    expect(result.ok).toBe(true)
    if (!result.ok) return
    const row = await db.selectFrom('contact_messages').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ name: 'Ada Parent', email: 'ada@example.org', message: 'When is the open day?' })
    expect(readBool(row.read)).toBe(false)
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
    expect((await submitContactMessage(form(), visitor, LATER)).ok).toBe(true)

    const refusal = await expectRefused(form(), 'Please wait before submitting again.', new Date(LATER.getTime() + 29_999), visitor)
    expect(refusal).toMatchObject({ reason: 'too-soon' })
    // A refused attempt does not restart the 30 s.
    expect((await submitContactMessage(form(), visitor, new Date(LATER.getTime() + 30_000))).ok).toBe(true)
    // Another visitor is not affected.
    expect((await submitContactMessage(form(), newVisitor(), new Date(LATER.getTime() + 30_001))).ok).toBe(true)
  })

  test("a sixth message from one visitor within 10 minutes is refused with 'Please wait before submitting again.', even 30 s apart", async () => {
    const visitor = newVisitor()
    const at = (seconds: number) => new Date(LATER.getTime() + seconds * 1000)
    for (const seconds of [0, 30, 60, 90, 120]) {
      expect((await submitContactMessage(form(), visitor, at(seconds))).ok).toBe(true)
    }
    await expectRefused(form(), 'Please wait before submitting again.', at(150), visitor)
    // Another visitor is not affected; 10 minutes after the first message the window starts again.
    expect((await submitContactMessage(form(), newVisitor(), at(150))).ok).toBe(true)
    expect((await submitContactMessage(form(), visitor, at(600))).ok).toBe(true)
  })

  test('only a successful message starts the 30 s: refusals for other rules do not', async () => {
    const visitor = newVisitor()
    await expectRefused(form({ email: 'nope' }), 'Invalid email address', LATER, visitor)
    expect((await submitContactMessage(form(), visitor, new Date(LATER.getTime() + 1_000))).ok).toBe(true)
  })

  test('two simultaneous messages from one visitor store only one', async () => {
    const visitor = newVisitor()
    const before = await messageCount()
    const results = await Promise.all([submitContactMessage(form(), visitor, LATER), submitContactMessage(form(), visitor, LATER)])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.find((result) => !result.ok)).toMatchObject({ error: 'Please wait before submitting again.' })
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
      expect(result).toMatchObject({ reason: 'invalid', fieldErrors: { [field]: message } })
    }
  })

  test('IPv6 addresses of one /64 are one visitor; a neighbouring /64 and the IPv4-mapped form of an address count as expected', async () => {
    expect((await submitContactMessage(form(), '2001:db8:5:6::1', LATER)).ok).toBe(true)
    await expectRefused(form(), 'Please wait before submitting again.', new Date(LATER.getTime() + 1_000), '2001:db8:5:6:ffff:ffff:ffff:ffff')
    expect((await submitContactMessage(form(), '2001:db8:5:7::1', new Date(LATER.getTime() + 1_000))).ok).toBe(true)

    const ipv4 = newVisitor()
    expect((await submitContactMessage(form(), ipv4, LATER)).ok).toBe(true)
    await expectRefused(form(), 'Please wait before submitting again.', new Date(LATER.getTime() + 1_000), `::ffff:${ipv4}`)
  })

  test("a form token is good for one message: sent again, it is refused with 'Invalid submission detected.'", async () => {
    const formToken = issueContactFormToken(RENDERED_AT)
    expect((await submitContactMessage(form({ formToken }), newVisitor(), LATER)).ok).toBe(true)
    // From another visitor, later: still refused, and nothing stored.
    const refusal = await expectRefused(form({ formToken }), 'Invalid submission detected.', new Date(LATER.getTime() + 60_000))
    expect(refusal).toMatchObject({ reason: 'invalid' })
    // Each rendering of the form has its own token, even within one millisecond.
    expect(issueContactFormToken(RENDERED_AT)).not.toBe(issueContactFormToken(RENDERED_AT))
  })

  test('two simultaneous messages with one form token store only one', async () => {
    const formToken = issueContactFormToken(RENDERED_AT)
    const before = await messageCount()
    const results = await Promise.all([
      submitContactMessage(form({ formToken }), newVisitor(), LATER),
      submitContactMessage(form({ formToken }), newVisitor(), LATER),
    ])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.find((result) => !result.ok)).toMatchObject({ error: 'Invalid submission detected.' })
    expect(await messageCount()).toBe(before + 1)
  })

  test('a refused message does not use up its token: sent again once allowed, it is stored', async () => {
    const visitor = newVisitor()
    expect((await submitContactMessage(form(), visitor, LATER)).ok).toBe(true)
    const formToken = issueContactFormToken(RENDERED_AT)
    await expectRefused(form({ formToken }), 'Please wait before submitting again.', new Date(LATER.getTime() + 10_000), visitor)
    expect((await submitContactMessage(form({ formToken }), visitor, new Date(LATER.getTime() + 30_000))).ok).toBe(true)
  })

  test('a stored message clears spacing records older than the 10-minute window and used tokens past their 24 h', async () => {
    const longAgo = new Date(LATER.getTime() - 2 * 24 * 60 * 60 * 1000)
    const oldToken = issueContactFormToken(new Date(longAgo.getTime() - 10_000))
    expect((await submitContactMessage(form({ formToken: oldToken }), newVisitor(), longAgo)).ok).toBe(true)
    const stale = async () => ({
      throttle: (await db.selectFrom('contact_throttle').select('visitor').where('last_submitted_at', '<=', new Date(LATER.getTime() - 10 * 60_000).toISOString()).execute()).length,
      tokens: (await db.selectFrom('contact_used_tokens').select('token').where('expires_at', '<', LATER.toISOString()).execute()).length,
    })
    expect(await stale()).toEqual({ throttle: 1, tokens: 1 })

    expect((await submitContactMessage(form(), newVisitor(), LATER)).ok).toBe(true)
    expect(await stale()).toEqual({ throttle: 0, tokens: 0 })
  })

  test('the longest allowed values are accepted', async () => {
    const email = `${'a'.repeat(243)}@example.org`
    expect(email).toHaveLength(255)
    const result = await submitContactMessage(form({ name: 'n'.repeat(100), email, message: 'm'.repeat(1000) }), newVisitor(), LATER)
    expect(result.ok).toBe(true)
  })
})
