import type { SelectQueryBuilder } from 'kysely'
import type { Database } from '#db/database.ts'
import { containsText } from '#app/lib/text-filter.server.ts'
import { db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { readBool, readTimestamp } from '#db/portable.ts'
import { pageOfQuery, requireExistingIds } from '#app/lib/list-page.server.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'
import { CONTACT_ADMIN_MESSAGES, type ContactMessageFilter } from './contact-message.schema.ts'

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

export interface ContactMessageCounts {
  all: number
  unread: number
  read: number
}

/**
 * One page of the admin list, newest first: the messages matching the search
 * and the filter, where the page stands, how many match the search per
 * filter, and how many of the whole inbox are unread (docs/product-rules.md#contact-form).
 */
export async function listContactMessages({ search = '', filter = 'all', page = 1 }: { search?: string; filter?: ContactMessageFilter; page?: number } = {}): Promise<{
  messages: ContactMessage[]
  pages: ListPageInfo
  counts: ContactMessageCounts
  unread: number
}> {
  let searched = db.selectFrom('contact_messages')
  if (search) {
    searched = searched.where(containsText(['name', 'email', 'message'], search))
    const matches = await searched.select(['id', 'read']).limit(MATCHES_KEPT + 1).execute()
    if (matches.length <= MATCHES_KEPT) return await pageOfMatches(matches, filter, page)
  }
  const shown = filter === 'all' ? searched : searched.where('read', '=', filter === 'read')
  const counts = search ? await countsByReadState(searched) : await inboxCounts()
  // Without a search the counts are the inbox's own: its unread messages are not counted again.
  const unread = search ? await countUnreadContactMessages() : counts.unread
  // The filter's count is the page's total: the inbox is counted once.
  const { rows, pages } = await pageOfQuery(shown.selectAll().orderBy('created_at', 'desc').orderBy('id'), page, undefined, counts[filter])
  return { messages: rows.map(toContactMessage), pages, counts, unread }
}

/**
 * A search finding at most this many messages is counted and paged from their ids, read in one pass over the
 * messages' text. Looking for a page in date order instead went through the messages one by one by date, and a
 * search the office makes (a name, an address) mostly finds few: at 50,000 messages, counting and then paging took
 * 0.2 s, most of it that second pass.
 */
const MATCHES_KEPT = 2_000

async function pageOfMatches(matches: ReadonlyArray<{ id: string; read: boolean | number }>, filter: ContactMessageFilter, page: number) {
  const read = matches.filter((match) => readBool(match.read)).length
  const counts = { all: matches.length, read, unread: matches.length - read }
  const shown = filter === 'all' ? matches : matches.filter((match) => readBool(match.read) === (filter === 'read'))
  const newestFirst = db
    .selectFrom('contact_messages')
    .selectAll()
    .where('id', 'in', shown.map((match) => match.id))
    .orderBy('created_at', 'desc')
    .orderBy('id')
  // pageOfQuery reads no page of an empty list, so the empty `in` is never sent.
  const [{ rows, pages }, unread] = await Promise.all([pageOfQuery(newestFirst, page, undefined, shown.length), countUnreadContactMessages()])
  return { messages: rows.map(toContactMessage), pages, counts, unread }
}

/** How many of the searched messages are read and unread: the search reads every row anyway, so one grouped pass. */
async function countsByReadState(searched: SelectQueryBuilder<Database, 'contact_messages', object>): Promise<ContactMessageCounts> {
  const rows = await searched.select(['read', (eb) => eb.fn.countAll<number | string>().as('total')]).groupBy('read').execute()
  const counts = { all: 0, unread: 0, read: 0 }
  for (const row of rows) {
    counts[readBool(row.read) ? 'read' : 'unread'] += Number(row.total)
    counts.all += Number(row.total)
  }
  return counts
}

/**
 * The whole inbox's counts without a pass that groups every row: the
 * messages counted, and the unread ones read from the read-state index
 * (few, as the office keeps up); read is the difference.
 */
async function inboxCounts(): Promise<ContactMessageCounts> {
  const [all, unread] = await Promise.all([db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(), countUnreadContactMessages()])
  return { all: Number(all.total), unread, read: Number(all.total) - unread }
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

/** Marks the selected messages read or unread in one write; refused, changing nothing, if any of them is gone. */
export async function setContactMessagesRead(ids: readonly string[], read: boolean): Promise<number> {
  return writeTransaction(async (tx) => {
    await requireExistingIds(tx, 'contact_messages', ids)
    await tx.db.updateTable('contact_messages').set({ read }).where('id', 'in', ids).execute()
    tx.publish(...ids.map((id) => ({ table: 'contact_messages' as const, type: 'update' as const, id })))
    return ids.length
  })
}

/** Deletes the selected messages in one write; refused, deleting nothing, if any of them is gone. */
export async function deleteContactMessages(ids: readonly string[]): Promise<number> {
  return writeTransaction(async (tx) => {
    await requireExistingIds(tx, 'contact_messages', ids)
    await tx.db.deleteFrom('contact_messages').where('id', 'in', ids).execute()
    tx.publish(...ids.map((id) => ({ table: 'contact_messages' as const, type: 'delete' as const, id })))
    return ids.length
  })
}

/** Marks every unread message read with one UPDATE; says how many were unread. */
export async function markAllContactMessagesRead(): Promise<number> {
  return writeTransaction(async (tx) => {
    const changed = await tx.db.updateTable('contact_messages').set({ read: true }).where('read', '=', false).returning('id').execute()
    tx.publish(...changed.map(({ id }) => ({ table: 'contact_messages' as const, type: 'update' as const, id })))
    return changed.length
  })
}
