import { afterAll, describe, expect, test } from 'vitest'
import { sendAppMailTo, startSmtpPeer } from '#tests/setup/smtp-peer.ts'

const peer = await startSmtpPeer()
await sendAppMailTo(peer)

const { db } = await import('#app/lib/db.server.ts')
const { mailer } = await import('#app/lib/mail/mail.server.ts')
const { issueContactFormToken, submitContactMessage } = await import('#app/domain/contact/contact.server.ts')
const { setOfficeAddresses } = await import('#app/domain/contact/office-notifications.server.ts')
const { deliverDueMessages } = await import('#app/domain/outbox/outbox-worker.server.ts')
const { prepareTestDatabase } = await import('#tests/setup/database-lifecycle.ts')

const database = prepareTestDatabase()

afterAll(async () => {
  mailer.close()
  await peer.close()
})

/** The mail's text as written: quoted-printable soft breaks joined and its escapes decoded (the test's words are ASCII). */
function decodedBody(raw: string) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

describe(`a contact message mailed to the office on ${database.engine}`, () => {
  test('exactly one mail arrives for one message, with Reply-To the parent and the message in the body', async () => {
    await db.deleteFrom('outbox_messages').execute()
    await setOfficeAddresses(['office@school.test'], { role: 'admin' })
    const renderedAt = new Date(Date.now() - 10_000)
    const message = await submitContactMessage(
      {
        name: 'Ada Parent',
        email: 'ada.parent@family.test',
        message: 'Could Sam leave at noon on Friday for a dentist appointment?',
        website: '',
        formToken: issueContactFormToken(renderedAt),
      },
      '192.0.2.10',
    )

    expect(await deliverDueMessages()).toBe(1)
    // A second pass finds nothing more to send.
    expect(await deliverDueMessages()).toBe(0)

    expect(peer.accepted).toHaveLength(1)
    const [mail] = peer.accepted
    expect(mail).toMatchObject({ to: ['office@school.test'], subject: 'New message from Ada Parent' })
    expect(mail!.raw).toMatch(/^Reply-To: ada\.parent@family\.test/m)
    const body = decodedBody(mail!.raw)
    expect(body).toContain('> Could Sam leave at noon on Friday for a dentist appointment?')
    expect(body).toContain('/admin/contact')
    const row = await db.selectFrom('outbox_messages').selectAll().where('subject_id', '=', message.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'sent', recipient: 'office@school.test' })
  })
})
