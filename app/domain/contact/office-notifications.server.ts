import type { Kysely } from 'kysely'
import { queueMessages, registerComposer, type Composed, type OutboxMessage } from '#app/domain/outbox/outbox.server.ts'
import { hasRole, minimumRoleFor, type StaffSession } from '#app/domain/user/access.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { renderActionMail } from '#app/lib/mail/messages.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import type { Database } from '#db/database.ts'
import { readBool, readJson, writeJson } from '#db/portable.ts'
import { ROLES, type Role } from '#db/tables/people.ts'
import { OFFICE_NOTIFICATION_MESSAGES } from './office-notifications.schema.ts'

export const OFFICE_ADDRESSES_SETTING = 'office_notification_addresses'
/** The outbox kind of the mail about one new contact message. */
export const CONTACT_MESSAGE_MAIL = 'office-contact-message'
/** Where the mail sends its reader. */
export const CONTACT_MESSAGES_PATH = '/admin/contact'

/** Whoever may open the Contact Messages screen may read the messages, and only they may get them by mail. */
export function canReadContactMessages(role: Role): boolean {
  return hasRole(role, minimumRoleFor(CONTACT_MESSAGES_PATH))
}

/** The office addresses an admin listed, in their order; none until one is saved. */
export async function getOfficeAddresses(): Promise<string[]> {
  return (await savedOfficeAddresses(db)) ?? []
}

/**
 * The saved list, or null on a site where no admin has saved one yet: then
 * the admins stand in for the office, so that a fresh site's messages reach
 * someone. A list saved empty is an admin's choice and is kept.
 */
async function savedOfficeAddresses(reader: Kysely<Database>): Promise<string[] | null> {
  const row = await reader.selectFrom('site_settings').select('value').where('key', '=', OFFICE_ADDRESSES_SETTING).executeTakeFirst()
  return row ? readJson<string[]>(row.value) : null
}

/** Whether the office's mail goes to every admin because no office addresses were ever saved (the dashboard says so). */
export async function officeMailGoesToAdmins(): Promise<boolean> {
  return (await savedOfficeAddresses(db)) === null
}

/** An admin's list of office addresses (already checked by `officeAddressesField`); an empty list clears it. */
export async function setOfficeAddresses(addresses: readonly string[], actor: Pick<StaffSession, 'role'>): Promise<void> {
  if (!hasRole(actor.role, 'admin')) throw DomainError.forbidden(OFFICE_NOTIFICATION_MESSAGES.adminsOnly)
  await writeTransaction(async (tx) => {
    const value = writeJson(addresses)
    await tx.db
      .insertInto('site_settings')
      .values({ key: OFFICE_ADDRESSES_SETTING, value })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
      .execute()
    tx.publish({ table: 'site_settings', type: 'update', id: OFFICE_ADDRESSES_SETTING })
  })
}

/** Whether this account chose a mail for each new contact message. */
export async function getsContactMessageMails(userId: string): Promise<boolean> {
  const row = await db.selectFrom('profiles').select('notify_contact_messages').where('id', '=', userId).executeTakeFirst()
  return row ? readBool(row.notify_contact_messages) : false
}

/** One's own choice to get a mail for each new contact message; refused to a role that cannot read them. */
export async function setContactMessageMails(staff: Pick<StaffSession, 'userId' | 'role'>, enabled: boolean): Promise<void> {
  if (enabled && !canReadContactMessages(staff.role)) throw DomainError.forbidden(OFFICE_NOTIFICATION_MESSAGES.readersOnly)
  await writeTransaction(async (tx) => {
    await tx.db.updateTable('profiles').set({ notify_contact_messages: enabled }).where('id', '=', staff.userId).execute()
    tx.publish({ table: 'profiles', type: 'update', id: staff.userId })
  })
}

export type RecipientReason = 'office' | 'admins' | 'staff'

/**
 * Who is told of a new message (and of other office matters, such as a
 * policy's coming review): the office addresses (every approved admin while
 * none were ever saved), then every approved account that chose it and whose
 * role reads messages; an address listed twice (in any case) once, under its
 * first reason.
 */
export async function officeRecipients(tx: WriteTransaction): Promise<Map<string, { address: string; reason: RecipientReason }>> {
  const office = await savedOfficeAddresses(tx.db)
  const admins =
    office === null
      ? await tx.db
          .selectFrom('profiles')
          .innerJoin('user_roles', 'user_roles.user_id', 'profiles.id')
          .select('profiles.email')
          .where('profiles.status', '=', 'approved')
          .where('user_roles.role', '=', 'admin')
          .orderBy('profiles.email')
          .execute()
      : []
  const staff = await tx.db
    .selectFrom('profiles')
    .innerJoin('user_roles', 'user_roles.user_id', 'profiles.id')
    .select('profiles.email')
    .where('profiles.notify_contact_messages', '=', true)
    .where('profiles.status', '=', 'approved')
    .where('user_roles.role', 'in', ROLES.filter(canReadContactMessages))
    .orderBy('profiles.email')
    .execute()
  const recipients = new Map<string, { address: string; reason: RecipientReason }>()
  const add = (address: string, reason: RecipientReason) => {
    const key = address.toLowerCase()
    if (!recipients.has(key)) recipients.set(key, { address, reason })
  }
  for (const address of office ?? []) add(address, 'office')
  for (const { email } of admins) add(email, 'admins')
  for (const { email } of staff) add(email, 'staff')
  return recipients
}

/** Queues, in the write that stores the message, one mail per recipient about it. Returns how many. */
export async function queueContactMessageMails(tx: WriteTransaction, messageId: string): Promise<number> {
  const recipients = await officeRecipients(tx)
  return queueMessages(
    tx,
    [...recipients].map(([key, { address, reason }]) => ({
      kind: CONTACT_MESSAGE_MAIL,
      channel: 'mail' as const,
      recipient: address,
      subjectTable: 'contact_messages',
      subjectId: messageId,
      dedupeKey: `${CONTACT_MESSAGE_MAIL}:${messageId}:${key}`,
      data: { reason },
    })),
  )
}

const WHY_YOU_GET_THIS: Record<RecipientReason, string> = {
  office: 'This address is on the office list for new contact messages. An admin can change the list under Contact Messages, Notifications.',
  admins: 'You get this e-mail because you are an admin and no office addresses are set. An admin can set them under Contact Messages, Notifications.',
  staff: 'You get this e-mail because you chose "E-mail me each new contact message" in your account. You can turn it off there.',
}

/** The mail, built at delivery from the message as it is then: a message deleted meanwhile is not sent. */
async function composeContactMessageMail(row: OutboxMessage): Promise<Composed> {
  const message = row.subject_id
    ? await db.selectFrom('contact_messages').select(['name', 'email', 'message']).where('id', '=', row.subject_id).executeTakeFirst()
    : undefined
  if (!message) return { skip: 'the contact message was deleted' }
  const data = row.data ? readJson<{ reason?: RecipientReason }>(row.data) : {}
  // A name is one line in the subject, whatever was typed.
  const name = message.name.replace(/\s+/g, ' ').trim()
  const rendered = renderActionMail({
    to: row.recipient,
    subject: `New message from ${name}`,
    heading: `New message from ${name}`,
    intro: `${name} (${message.email}) wrote through the website's contact form. Reply to this e-mail to answer them.`,
    quote: message.message,
    actionLabel: 'Open Contact Messages',
    url: new URL(CONTACT_MESSAGES_PATH, config.publicUrl).toString(),
    outro: WHY_YOU_GET_THIS[data.reason ?? 'office'],
  })
  return { send: { channel: 'mail', mail: { to: rendered.to, subject: rendered.subject, text: rendered.text, html: rendered.html, replyTo: message.email } } }
}

registerComposer(CONTACT_MESSAGE_MAIL, composeContactMessageMail)
