import { containsText } from '#app/lib/text-filter.server.ts'
import { db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { readBool, readTimestamp } from '#db/portable.ts'
import { CONTACT_ADMIN_MESSAGES } from './contact-message.schema.ts'

export interface ContactMessage {
  id: string
  name: string
  email: string
  message: string
  read: boolean
  createdAt: string
}

interface ContactMessageRow {
  id: string
  name: string
  email: string
  message: string
  read: boolean | number
  created_at: string | Date
}

export function toContactMessage(row: ContactMessageRow): ContactMessage {
  return { id: row.id, name: row.name, email: row.email, message: row.message, read: readBool(row.read), createdAt: readTimestamp(row.created_at) }
}

/** All messages, newest first. */
export async function listContactMessages({ search = '' }: { search?: string } = {}): Promise<ContactMessage[]> {
  let query = db.selectFrom('contact_messages').selectAll()
  if (search) query = query.where(containsText(['name', 'email', 'message'], search))
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').execute()
  return rows.map(toContactMessage)
}

/** How many messages are unread, whatever the list shows. */
export async function countUnreadContactMessages(): Promise<number> {
  const row = await db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('total')).where('read', '=', false).executeTakeFirstOrThrow()
  return Number(row.total)
}

/** One page of messages, newest first, and how many there are; `read` keeps only read (true) or unread (false) ones. */
export async function listContactMessagesPage(query: { limit: number; offset: number; read?: boolean }): Promise<{ messages: ContactMessage[]; total: number }> {
  const matching = () => (query.read === undefined ? db.selectFrom('contact_messages') : db.selectFrom('contact_messages').where('read', '=', query.read))
  const [rows, count] = await Promise.all([
    matching().selectAll().orderBy('created_at', 'desc').orderBy('id').limit(query.limit).offset(query.offset).execute(),
    matching().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { messages: rows.map(toContactMessage), total: Number(count.total) }
}

export async function getContactMessage(id: string): Promise<ContactMessage | null> {
  const row = await db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toContactMessage(row) : null
}

async function readBack(tx: WriteTransaction, id: string): Promise<ContactMessage | undefined> {
  const row = await tx.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toContactMessage(row)
}

/** Marks the message read or unread and returns it. */
export async function setContactMessageRead(id: string, read: boolean): Promise<ContactMessage> {
  return writeTransaction(async (tx) => {
    const result = await tx.db.updateTable('contact_messages').set({ read }).where('id', '=', id).executeTakeFirst()
    const stored = Number(result.numUpdatedRows) > 0 ? await readBack(tx, id) : undefined
    if (!stored) throw DomainError.notFound(CONTACT_ADMIN_MESSAGES.statusFailed)
    tx.publish({ table: 'contact_messages', type: 'update', id })
    return stored
  })
}

export async function deleteContactMessage(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const result = await tx.db.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst()
    if (Number(result.numDeletedRows) === 0) throw DomainError.notFound(CONTACT_ADMIN_MESSAGES.deleteFailed)
    tx.publish({ table: 'contact_messages', type: 'delete', id })
  })
}
