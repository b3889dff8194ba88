import { RouterContextProvider } from 'react-router'
import { beforeEach, describe, expect, test } from 'vitest'
import { countUnreadContactMessages, deleteContactMessage, setContactMessageRead } from '#app/domain/contact/contact-messages.server.ts'
import { issueContactFormToken, submitContactMessage } from '#app/domain/contact/contact.server.ts'
import { OFFICE_NOTIFICATION_MESSAGES, officeAddressesSchema } from '#app/domain/contact/office-notifications.schema.ts'
import {
  CONTACT_MESSAGE_MAIL,
  getOfficeAddresses,
  getsContactMessageMails,
  setContactMessageMails,
  setOfficeAddresses,
} from '#app/domain/contact/office-notifications.server.ts'
import { composerFor } from '#app/domain/outbox/outbox.server.ts'
import '#app/domain/outbox/composers.server.ts'
import type { StaffSession } from '#app/domain/user/access.ts'
import { validated } from '#app/lib/action.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { staffContext } from '#app/services/staff-context.ts'
import { loader as adminLayoutLoader } from '#app/routes/admin/layout.tsx'
import { loader as dashboardLoader } from '#app/routes/admin/dashboard.tsx'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'
import type { Role } from '#db/tables/people.ts'

const database = prepareTestDatabase()

const RENDERED_AT = new Date('2026-03-02T10:00:00.000Z')
let visitors = 0
/** A stored message from a new visitor (the contact form's own rules are tested in contact.test.ts). */
async function sendContactMessage(fields: { name?: string; email?: string; message?: string } = {}) {
  visitors += 1
  return submitContactMessage(
    { name: 'Ada Parent', email: 'ada@example.org', message: 'When is the open day?', website: '', formToken: issueContactFormToken(RENDERED_AT), ...fields },
    `198.51.100.${visitors}`,
    new Date(RENDERED_AT.getTime() + 10_000),
  )
}

async function queuedFor(messageId: string) {
  return db.selectFrom('outbox_messages').selectAll().where('subject_table', '=', 'contact_messages').where('subject_id', '=', messageId).orderBy('recipient').execute()
}

const ADMIN: Pick<StaffSession, 'role'> = { role: 'admin' }

async function refusal(work: () => unknown): Promise<DomainError> {
  try {
    await work()
  } catch (error) {
    if (error instanceof DomainError) return error
    throw error
  }
  throw new Error('not refused')
}

function staff(user: { userId: string; email: string }, role: Role): StaffSession {
  return { userId: user.userId, email: user.email, displayName: user.email, role, twoFactorEnabled: false }
}

describe(`office notifications on ${database.engine}`, () => {
  beforeEach(async () => {
    await db.updateTable('profiles').set({ notify_contact_messages: false }).execute()
    await setOfficeAddresses([], ADMIN)
  })

  test('storing a message queues one mail per distinct recipient: office addresses and opted-in readers, repeats in any case once', async () => {
    const editor = await createSignedInUser('editor')
    const optedOutEditor = await createSignedInUser('editor')
    const user = await createSignedInUser('user')
    const pendingEditor = await createSignedInUser('editor', 'pending')
    await setContactMessageMails(staff(editor, 'editor'), true)
    // Set behind the operation's back: a role that cannot read messages never gets them, whatever the flag.
    await db.updateTable('profiles').set({ notify_contact_messages: true }).where('id', 'in', [user.userId, pendingEditor.userId]).execute()
    await setOfficeAddresses(['office@school.example', 'Head@School.example', editor.email.toUpperCase()], ADMIN)

    const message = await sendContactMessage()
    const rows = await queuedFor(message.id)
    expect(rows.map((row) => row.recipient).sort()).toEqual(['Head@School.example', 'office@school.example', editor.email.toUpperCase()].sort())
    expect(rows.every((row) => row.kind === CONTACT_MESSAGE_MAIL && row.channel === 'mail' && row.status === 'pending')).toBe(true)
    expect(rows.map((row) => row.recipient.toLowerCase())).not.toContain(optedOutEditor.email)
    expect(rows.map((row) => row.recipient.toLowerCase())).not.toContain(user.email)
    expect(rows.map((row) => row.recipient.toLowerCase())).not.toContain(pendingEditor.email)

    // The editor's own choice alone, with no office list, still brings the mail.
    await setOfficeAddresses([], ADMIN)
    const second = await sendContactMessage()
    expect((await queuedFor(second.id)).map((row) => row.recipient)).toEqual([editor.email])
  })

  test('with no office addresses and nobody opted in, a message queues nothing', async () => {
    const message = await sendContactMessage()
    expect(await queuedFor(message.id)).toEqual([])
  })

  test('a refused message queues no mail', async () => {
    await setOfficeAddresses(['office@school.example'], ADMIN)
    const before = await db.selectFrom('outbox_messages').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()
    await expect(sendContactMessage({ email: 'not-an-address' })).rejects.toThrow('Invalid email address')
    const after = await db.selectFrom('outbox_messages').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })

  test('the mail, built at delivery: subject, Reply-To the parent, the message quoted (escaped in HTML), the link to the screen', async () => {
    await setOfficeAddresses(['office@school.example'], ADMIN)
    const message = await sendContactMessage({ name: 'Ada\nParent', email: 'ada.parent@example.org', message: 'Is <b>Friday</b> a holiday?\nThanks & regards' })
    const [row] = await queuedFor(message.id)
    const composed = await composerFor(CONTACT_MESSAGE_MAIL)!(row!)
    if (!('send' in composed) || composed.send.channel !== 'mail') throw new Error(`not a mail: ${JSON.stringify(composed)}`)
    const { mail } = composed.send
    expect(mail).toMatchObject({ to: 'office@school.example', subject: 'New message from Ada Parent', replyTo: 'ada.parent@example.org' })
    expect(mail.text).toContain('> Is <b>Friday</b> a holiday?\n> Thanks & regards')
    expect(mail.text).toContain(`${config.publicUrl}/admin/contact`)
    expect(mail.html).toContain('Is &#60;b&#62;Friday&#60;/b&#62; a holiday?\nThanks &#38; regards')
    expect(mail.html).not.toContain('<b>Friday')
    expect(mail.html).toContain(`href="${config.publicUrl}/admin/contact"`)

    await deleteContactMessage(message.id)
    expect(await composerFor(CONTACT_MESSAGE_MAIL)!(row!)).toEqual({ skip: 'the contact message was deleted' })
  })

  test('office addresses: each checked and named when wrong, at most 10, repeats dropped, admins only', async () => {
    const parse = (addresses: string) => validated(officeAddressesSchema, { intent: 'office-addresses', addresses })
    expect(parse('office@school.example\nhead@school.example, OFFICE@school.example;  ').addresses).toEqual(['office@school.example', 'head@school.example'])
    expect(parse('   ').addresses).toEqual([])
    expect(() => parse('office@school.example\nnot-an-address')).toThrow('"not-an-address" is not a valid e-mail address')
    expect(() => parse('office@school')).toThrow('"office@school" is not a valid e-mail address')
    const eleven = Array.from({ length: 11 }, (_, index) => `office${index}@school.example`).join('\n')
    expect(() => parse(eleven)).toThrow('List at most 10 office addresses')
    expect(parse(Array.from({ length: 10 }, (_, index) => `office${index}@school.example`).join('\n')).addresses).toHaveLength(10)
    const wrong = await refusal(() => parse('a@b.example\nbad@'))
    expect(wrong.fields).toEqual({ addresses: '"bad@" is not a valid e-mail address' })

    await setOfficeAddresses(['office@school.example'], ADMIN)
    const byEditor = await refusal(() => setOfficeAddresses(['other@school.example'], { role: 'editor' }))
    expect(byEditor).toMatchObject({ code: 'forbidden', message: OFFICE_NOTIFICATION_MESSAGES.adminsOnly })
    expect(await getOfficeAddresses()).toEqual(['office@school.example'])
  })

  test("one's own choice: editors and admins may turn it on, a 'user' is refused", async () => {
    const editor = await createSignedInUser('editor')
    const user = await createSignedInUser('user')
    await setContactMessageMails(staff(editor, 'editor'), true)
    expect(await getsContactMessageMails(editor.userId)).toBe(true)
    await setContactMessageMails(staff(editor, 'editor'), false)
    expect(await getsContactMessageMails(editor.userId)).toBe(false)

    const refused = await refusal(() => setContactMessageMails(staff(user, 'user'), true))
    expect(refused).toMatchObject({ code: 'forbidden', message: 'Only editors and admins read contact messages, so only they can get them by e-mail' })
    expect(await getsContactMessageMails(user.userId)).toBe(false)
  })

  test('the unread count follows new messages and marking them read; the admin layout gives it only to roles that read messages', async () => {
    const layoutCount = async (role: Role, twoFactorEnabled = false) => {
      const context = new RouterContextProvider()
      context.set(staffContext, { userId: 'x', email: 'x@example.org', displayName: 'X', role, twoFactorEnabled })
      const data = await adminLayoutLoader({ request: new Request('http://localhost/admin'), params: {}, context } as unknown as Parameters<typeof adminLayoutLoader>[0])
      return data.unreadContactMessages
    }
    await db.updateTable('contact_messages').set({ read: true }).execute()
    expect(await countUnreadContactMessages()).toBe(0)
    const first = await sendContactMessage()
    await sendContactMessage()
    expect(await countUnreadContactMessages()).toBe(2)
    expect(await layoutCount('editor')).toBe(2)
    expect(await layoutCount('admin')).toBe(2)
    expect(await layoutCount('user')).toBeNull()
    // While the site requires two-factor sign-in, staff without it reach only their account page: no count, nothing to follow.
    await db.insertInto('site_settings').values({ key: 'require_staff_two_factor', value: 'true' }).execute()
    try {
      expect(await layoutCount('editor')).toBeNull()
      expect(await layoutCount('admin', true)).toBe(2)
    } finally {
      await db.deleteFrom('site_settings').where('key', '=', 'require_staff_two_factor').execute()
    }
    await setContactMessageRead(first.id, true)
    expect(await countUnreadContactMessages()).toBe(1)
    await setContactMessageRead(first.id, false)
    expect(await countUnreadContactMessages()).toBe(2)
  })

  test('on a site where no admin has set the office addresses, each new message is mailed to every approved admin, and the dashboard says so to admins', async () => {
    const dashboardNotice = async (role: Role) => {
      const context = new RouterContextProvider()
      context.set(staffContext, { userId: 'x', email: 'x@example.org', displayName: 'X', role, twoFactorEnabled: false })
      const data = await dashboardLoader({ request: new Request('http://localhost/admin'), params: {}, context } as unknown as Parameters<typeof dashboardLoader>[0])
      return data.contactMailGoesToAdmins
    }
    // A fresh site: the setting was never saved.
    await db.deleteFrom('site_settings').where('key', '=', 'office_notification_addresses').execute()
    const otherAdmin = await createSignedInUser('admin')
    const pendingAdmin = await createSignedInUser('admin', 'pending')
    const editor = await createSignedInUser('editor')
    const approvedAdmins = await db
      .selectFrom('profiles')
      .innerJoin('user_roles', 'user_roles.user_id', 'profiles.id')
      .select('profiles.email')
      .where('user_roles.role', '=', 'admin')
      .where('profiles.status', '=', 'approved')
      .execute()
    expect(approvedAdmins.map((row) => row.email)).toContain(otherAdmin.email)

    const message = await sendContactMessage()
    const rows = await queuedFor(message.id)
    expect(rows.map((row) => row.recipient).sort()).toEqual(approvedAdmins.map((row) => row.email).sort())
    expect(rows.map((row) => row.recipient)).not.toContain(pendingAdmin.email)
    expect(rows.map((row) => row.recipient)).not.toContain(editor.email)
    const composed = await composerFor(CONTACT_MESSAGE_MAIL)!(rows[0]!)
    if (!('send' in composed) || composed.send.channel !== 'mail') throw new Error('no mail')
    expect(composed.send.mail.text).toContain('no office addresses are set')
    expect(await dashboardNotice('admin')).toBe(true)
    expect(await dashboardNotice('editor')).toBe(false)

    // Once an admin sets the addresses, only they get the mail, and the dashboard says nothing more.
    await setOfficeAddresses(['office@school.example'], ADMIN)
    const second = await sendContactMessage()
    expect((await queuedFor(second.id)).map((row) => row.recipient)).toEqual(['office@school.example'])
    expect(await dashboardNotice('admin')).toBe(false)
  })
})
