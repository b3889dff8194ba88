import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { issueContactFormToken, submitContactMessage } from '#app/domain/contact/contact.server.ts'
import { setOfficeAddresses } from '#app/domain/contact/office-notifications.server.ts'
import { deliverDueMessages } from '#app/domain/outbox/outbox-worker.server.ts'
import { inviteUser } from '#app/domain/user/invitations.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { auth } from '#app/services/auth.server.ts'
import { newId, writeJson } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser, TEST_PASSWORD } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

const SCHOOL = 'Springfield Primary'
/** MAIL_FROM is left at its default, a bare address: the mails go out under the school's name. */
const FROM_LINE = /^From: Springfield Primary <no-reply@localhost>$/m

/** The mails written to DATA_DIR/mail (these tests set no SMTP_URL) for the address, quoted-printable soft breaks undone. */
function mailsTo(address: string): string[] {
  const outbox = path.join(config.dataDir, 'mail')
  if (!fs.existsSync(outbox)) return []
  return fs
    .readdirSync(outbox)
    .sort()
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, ''))
    .filter((raw) => raw.includes(`To: ${address}`))
}

const withSubject = (subject: string) => (raw: string) => raw.split(/\r?\n/).includes(`Subject: ${subject}`)

describe(`mails name the school on ${database.engine}`, () => {
  beforeAll(async () => {
    // The name the header of every page shows (Sections › Logos).
    const content = writeJson({ image: '/files/uploads/logo.png', title: SCHOOL, hoverText: 'Welcome', shareImage: '' })
    await db.deleteFrom('sections').where('key', '=', 'home.logos').execute()
    await db.insertInto('sections').values({ id: newId(), key: 'home.logos', content, updated_at: new Date().toISOString() }).execute()
  })

  test('sign-up confirmation, password reset and invitation: from the school, its name in the subject and the text', async () => {
    const user = await createSignedInUser('editor')
    const confirmation = mailsTo(user.email).find(withSubject(`Confirm your e-mail address for ${SCHOOL}`))
    expect(confirmation).toMatch(FROM_LINE)
    expect(confirmation).toContain(`An account was created on ${SCHOOL} with this e-mail address.`)

    await auth.api.requestPasswordReset({ body: { email: user.email, redirectTo: '/auth/reset-password' } })
    await vi.waitFor(() => expect(mailsTo(user.email).find(withSubject(`Reset your password for ${SCHOOL}`))).toMatch(FROM_LINE))

    await inviteUser({ email: 'new.teacher@example.org', fullName: 'New Teacher', role: 'editor' })
    const [invitation] = mailsTo('new.teacher@example.org')
    expect(invitation).toMatch(FROM_LINE)
    expect(invitation).toMatch(/^Subject: You are invited to Springfield Primary$/m)
    expect(invitation).toContain(`An administrator of ${SCHOOL} invited you`)
    for (const mail of [...mailsTo(user.email), invitation]) expect(mail).not.toContain('School Website')
  })

  test('the office\'s notification of a contact message goes out under the school\'s name', async () => {
    await setOfficeAddresses(['office@school.test'], { role: 'admin' })
    await submitContactMessage(
      { name: 'Ada Parent', email: 'ada.parent@family.test', message: 'Is there a bus on Friday?', website: '', formToken: issueContactFormToken(new Date(Date.now() - 10_000)) },
      '192.0.2.10',
    )
    expect(await deliverDueMessages()).toBe(1)
    const [notification] = mailsTo('office@school.test')
    expect(notification).toMatch(FROM_LINE)
    expect(notification).toMatch(/^Subject: New message from Ada Parent$/m)
  })

  test('two-factor sign-in: authenticator apps list the account under the school\'s name, whatever the browser asked', async () => {
    const user = await createSignedInUser('editor')
    const enabled = await auth.api.enableTwoFactor({ body: { password: TEST_PASSWORD, issuer: 'School Website' }, headers: new Headers({ cookie: user.cookie }) })
    if (enabled.method !== 'totp') throw new Error('expected an authenticator app set-up')
    const uri = new URL(enabled.totpURI)
    expect(uri.searchParams.get('issuer')).toBe(SCHOOL)
    expect(decodeURIComponent(uri.pathname)).toContain(`${SCHOOL}:${user.email}`)
  })
})
