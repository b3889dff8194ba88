import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { composerFor, type OutboxMessage } from '#app/domain/outbox/outbox.server.ts'
import '#app/domain/outbox/composers.server.ts'
import { findSubscriberByToken, unsubscribe, updateSubscriptionChoices } from '#app/domain/subscription/subscription.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

/** A family that subscribed before link secrets were hashed: their mails carry this token. */
const mailedBefore = randomBytes(32).toString('base64url')
const at = new Date().toISOString()

prepareTestDatabase({
  upTo: '0026-event-and-image-lookups',
  write: async () => {
    await sql`insert into subscribers (id, email, news, events, alerts, token, created_at, confirmed_at, updated_at)
      values ('earlier-family', 'earlier@example.org', 'weekly', ${false}, ${true}, ${mailedBefore}, ${at}, ${at}, ${at})`.execute(db)
  },
})

test('the migration keeps only hashes of the secrets mailed before, and their links keep working beside the new ones', async () => {
  const row = await db.selectFrom('subscribers').selectAll().where('id', '=', 'earlier-family').executeTakeFirstOrThrow()
  expect(Object.values(row)).not.toContain(mailedBefore)
  expect(row.token_hash).toMatch(/^[\w-]{43}$/)
  expect(await findSubscriberByToken(row.token_hash)).toBeNull()

  expect(await updateSubscriptionChoices(mailedBefore, { news: 'instant', alerts: 'on' })).toMatchObject({ email: 'earlier@example.org', news: 'instant' })
  // A mail sent now carries a link of its own, which works too.
  const message = { id: 'm', kind: 'subscription-manage', channel: 'mail', recipient: 'earlier@example.org', subject_table: 'subscribers', subject_id: 'earlier-family', data: null } as OutboxMessage
  const composed = await composerFor(message.kind)!(message)
  if (!('send' in composed) || composed.send.channel !== 'mail') throw new Error(`not a mail: ${JSON.stringify(composed)}`)
  const newLink = /\/subscribe\/manage\/([^\s"<]+)/.exec(composed.send.mail.text)![1]!
  expect(newLink).not.toBe(mailedBefore)
  expect(composed.send.mail.headers?.['List-Unsubscribe']).toBe(`<${config.publicUrl}/unsubscribe/${newLink}>`)
  expect((await findSubscriberByToken(newLink))?.email).toBe('earlier@example.org')

  expect(await unsubscribe(mailedBefore)).toBe(true)
  expect(await findSubscriberByToken(newLink)).toBeNull()
})
