import { db } from '#app/lib/db.server.ts'
import { pageOfQuery } from '#app/lib/list-page.server.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { containsText } from '#app/lib/text-filter.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { SUBSCRIPTION_LIMITS, SUBSCRIPTION_MESSAGES, type Subscriber } from './subscription.schema.ts'
import { toSubscriber } from './subscription.server.ts'

export interface SubscriberCounts {
  confirmed: number
  pending: number
  /** Confirmed subscribers per choice. */
  instant: number
  weekly: number
  events: number
  alerts: number
}

/** The numbers at the top of /admin/subscribers; one pass over the table. */
export async function countSubscribers(): Promise<SubscriberCounts> {
  const row = await db
    .selectFrom('subscribers')
    .select((eb) => {
      const confirmedAnd = (condition: ReturnType<typeof eb.and>) => eb.fn.sum<number | string>(eb.case().when(condition).then(1).else(0).end())
      const isConfirmed = eb('confirmed_at', 'is not', null)
      return [
        confirmedAnd(eb.and([isConfirmed])).as('confirmed'),
        eb.fn.sum<number | string>(eb.case().when('confirmed_at', 'is', null).then(1).else(0).end()).as('pending'),
        confirmedAnd(eb.and([isConfirmed, eb('news', '=', 'instant')])).as('instant'),
        confirmedAnd(eb.and([isConfirmed, eb('news', '=', 'weekly')])).as('weekly'),
        confirmedAnd(eb.and([isConfirmed, eb('events', '=', true)])).as('events'),
        confirmedAnd(eb.and([isConfirmed, eb('alerts', '=', true)])).as('alerts'),
      ]
    })
    .executeTakeFirstOrThrow()
  return {
    confirmed: Number(row.confirmed ?? 0),
    pending: Number(row.pending ?? 0),
    instant: Number(row.instant ?? 0),
    weekly: Number(row.weekly ?? 0),
    events: Number(row.events ?? 0),
    alerts: Number(row.alerts ?? 0),
  }
}

/** One page of subscribers, newest first, whose address contains `search`; and where the page stands. */
export async function listSubscribers({ search = '', page = 1 }: { search?: string; page?: number } = {}): Promise<{ subscribers: Subscriber[]; pages: ListPageInfo }> {
  let query = db.selectFrom('subscribers')
  if (search) query = query.where(containsText(['email'], search))
  const { rows, pages } = await pageOfQuery(query.selectAll().orderBy('created_at', 'desc').orderBy('id'), page, SUBSCRIPTION_LIMITS.pageSize)
  return { subscribers: rows.map(toSubscriber), pages }
}

/** An admin removes an address (a family asked by phone, a bounce). */
export async function deleteSubscriber(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const deleted = await tx.db.deleteFrom('subscribers').where('id', '=', id).returning('id').executeTakeFirst()
    if (!deleted) throw DomainError.notFound(SUBSCRIPTION_MESSAGES.notFound)
    tx.publish({ table: 'subscribers', type: 'delete', id })
  })
}

function csvCell(value: string) {
  // A leading =, +, - or @ would be a formula to a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Every subscriber as CSV: address, choices, dates (nothing else is stored). */
export async function subscribersCsv(): Promise<string> {
  const rows = await db.selectFrom('subscribers').selectAll().orderBy('created_at').orderBy('id').execute()
  const lines = [['email', 'news', 'events', 'alerts', 'subscribed_at', 'confirmed_at', 'updated_at'].join(',')]
  for (const subscriber of rows.map(toSubscriber)) {
    lines.push(
      [subscriber.email, subscriber.news, subscriber.events ? 'yes' : 'no', subscriber.alerts ? 'yes' : 'no', subscriber.createdAt, subscriber.confirmedAt ?? '', subscriber.updatedAt]
        .map(csvCell)
        .join(','),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}
