import type { Selectable } from 'kysely'
import { admitAnonymousPost, readFormToken } from '#app/domain/contact/anonymous-form.server.ts'
import { queueMessages } from '#app/domain/outbox/outbox.server.ts'
import { validated } from '#app/lib/action.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { hashLinkSecret, isSiteSignature, signForSite } from '#app/lib/site-signature.server.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { newId, readBool, readNullableTimestamp, readTimestamp } from '#db/portable.ts'
import type { SubscriberTable } from '#db/tables/notifications.ts'
import {
  SUBSCRIBE_SPACING_MS,
  SUBSCRIBE_WINDOW,
  SUBSCRIPTION_LIMITS,
  SUBSCRIPTION_MESSAGES,
  subscribeSchema,
  subscriptionChoicesSchema,
  type Subscriber,
} from './subscription.schema.ts'

/** The kinds of message this module queues; their composers are in subscription-mail.server.ts. */
export const SUBSCRIPTION_MAIL_KINDS = {
  confirm: 'subscription-confirm',
  manage: 'subscription-manage',
  post: 'subscription-post',
  event: 'subscription-event',
  alert: 'subscription-alert',
  digest: 'subscription-digest',
} as const

const PENDING_MS = SUBSCRIPTION_LIMITS.pendingDays * 24 * 60 * 60 * 1000
/** A confirm or manage link goes to one address at most once an hour, however often the form is sent for it. */
const LINK_MAIL_SPACING_MS = 60 * 60 * 1000

/**
 * The secret of one subscriber's links is the subscriber's id signed with the
 * site's secret: every mail (each digest, each post) carries the links, so
 * the site must make them again at delivery, and a signature needs nothing
 * stored. Links mailed before were 32 random bytes, kept only as a hash.
 */
const LINK_PURPOSE = 'subscriber-link'
const SIGNED_TOKEN = /^([\w-]{1,64})\.([\w-]{43})$/
const EARLIER_TOKEN = /^[\w-]{43}$/

/** The secret in the links of the subscriber with this id. */
export function subscriberLinkToken(id: string): string {
  return `${id}.${signForSite(LINK_PURPOSE, id)}`
}

export function toSubscriber(row: Selectable<SubscriberTable>): Subscriber {
  return {
    id: row.id,
    email: row.email,
    news: row.news,
    events: readBool(row.events),
    alerts: readBool(row.alerts),
    createdAt: readTimestamp(row.created_at),
    confirmedAt: readNullableTimestamp(row.confirmed_at),
    updatedAt: readTimestamp(row.updated_at),
  }
}

/** The site's links for one subscriber's token. */
export function subscriberLinks(token: string) {
  return {
    confirm: `${config.publicUrl}/subscribe/confirm/${token}`,
    manage: `${config.publicUrl}/subscribe/manage/${token}`,
    unsubscribe: `${config.publicUrl}/unsubscribe/${token}`,
  }
}

function expired(row: Pick<Selectable<SubscriberTable>, 'confirmed_at' | 'created_at'>, now: Date) {
  return row.confirmed_at === null && Date.parse(readTimestamp(row.created_at)) <= now.getTime() - PENDING_MS
}

async function queueLinkMail(tx: WriteTransaction, kind: 'confirm' | 'manage', subscriber: { id: string; email: string }, now: Date) {
  const slot = Math.floor(now.getTime() / LINK_MAIL_SPACING_MS)
  await queueMessages(tx, [
    {
      kind: SUBSCRIPTION_MAIL_KINDS[kind],
      channel: 'mail',
      recipient: subscriber.email,
      subjectTable: 'subscribers',
      subjectId: subscriber.id,
      dedupeKey: `${SUBSCRIPTION_MAIL_KINDS[kind]}:${subscriber.id}:${slot}`,
    },
  ])
}

/**
 * A visitor asks for mails (docs/product-rules.md#subscriptions). The form's
 * limits are the contact form's (spam trap, signed fill time, one post per
 * token, spacing per visitor). A new address is stored unconfirmed and gets a
 * link to confirm; an unconfirmed one gets its choices replaced and the link
 * again; a confirmed one is not changed and gets a link to manage its
 * choices. The answer is the same in all three cases, so the form does not
 * tell who is subscribed.
 */
export async function subscribe(input: Record<string, unknown>, clientAddress: string, now = new Date()): Promise<string> {
  const checked = validated(subscribeSchema, input)
  const token = readFormToken('subscribe', input.formToken, now)
  if (!token) throw DomainError.invalid(SUBSCRIPTION_MESSAGES.tooFast)
  const at = now.toISOString()
  await writeTransaction(async (tx) => {
    await admitAnonymousPost(tx, {
      purpose: 'subscribe',
      token,
      clientAddress,
      now,
      limits: { spacingMs: SUBSCRIBE_SPACING_MS, window: SUBSCRIBE_WINDOW },
      messages: { reusedToken: SUBSCRIPTION_MESSAGES.invalidSubmission, tooSoon: SUBSCRIPTION_MESSAGES.tooSoon },
    })
    const choices = { news: checked.news, events: checked.events, alerts: checked.alerts }
    const id = newId()
    // Of two requests for one new address, the second finds the first's row.
    await tx.db
      .insertInto('subscribers')
      .values({ id, email: checked.email, ...choices, token_hash: hashLinkSecret(subscriberLinkToken(id)), created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute()
    const row = await tx.db.selectFrom('subscribers').select(['id', 'email', 'confirmed_at', 'created_at']).where('email', '=', checked.email).executeTakeFirstOrThrow()
    if (row.confirmed_at !== null) {
      await queueLinkMail(tx, 'manage', row, now)
      return
    }
    // Asking again starts the unconfirmed subscription's days afresh.
    await tx.db.updateTable('subscribers').set({ ...choices, created_at: at, updated_at: at }).where('id', '=', row.id).execute()
    tx.publish({ table: 'subscribers', type: 'update', id: row.id })
    await queueLinkMail(tx, 'confirm', row, now)
  })
  return SUBSCRIPTION_MESSAGES.checkInbox
}

/** The subscriber whose links carry this token: a signed id, or the hash of a token mailed before links were signed. */
async function rowByToken(token: string) {
  const signed = SIGNED_TOKEN.exec(token)
  if (signed) {
    const [, id = '', signature = ''] = signed
    return isSiteSignature(LINK_PURPOSE, id, signature) ? db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst() : undefined
  }
  if (!EARLIER_TOKEN.test(token)) return undefined
  return db.selectFrom('subscribers').selectAll().where('token_hash', '=', hashLinkSecret(token)).executeTakeFirst()
}

/** The subscriber a link is for; null when the link is unknown, or an unconfirmed subscription's days are over. */
export async function findSubscriberByToken(token: string, now = new Date()): Promise<Subscriber | null> {
  const row = await rowByToken(token)
  return row && !expired(row, now) ? toSubscriber(row) : null
}

/** The link in the confirmation mail, followed and its button pressed: from now on the address gets what it chose. */
export async function confirmSubscription(token: string, now = new Date()): Promise<Subscriber> {
  const row = await rowByToken(token)
  if (!row || expired(row, now)) throw DomainError.notFound(SUBSCRIPTION_MESSAGES.badLink)
  return writeTransaction(async (tx) => {
    await tx.db
      .updateTable('subscribers')
      .set({ confirmed_at: now.toISOString(), updated_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('confirmed_at', 'is', null)
      .execute()
    tx.publish({ table: 'subscribers', type: 'update', id: row.id })
    return toSubscriber(await tx.db.selectFrom('subscribers').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow())
  })
}

/** New choices from the manage page; only a confirmed subscription has one. */
export async function updateSubscriptionChoices(token: string, input: Record<string, unknown>, now = new Date()): Promise<Subscriber> {
  const choices = validated(subscriptionChoicesSchema, input)
  const row = await rowByToken(token)
  if (!row || row.confirmed_at === null) throw DomainError.notFound(SUBSCRIPTION_MESSAGES.badLink)
  return writeTransaction(async (tx) => {
    const updated = await tx.db
      .updateTable('subscribers')
      .set({ news: choices.news, events: choices.events, alerts: choices.alerts, updated_at: now.toISOString() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirst()
    if (!updated) throw DomainError.notFound(SUBSCRIPTION_MESSAGES.badLink)
    tx.publish({ table: 'subscribers', type: 'update', id: row.id })
    return toSubscriber(updated)
  })
}

/**
 * The unsubscribe link (or a mail provider's one-click POST): the address and
 * its choices are deleted. True when there was one; an unknown link removes
 * nothing and is no error, since the outcome the family wants holds.
 */
export async function unsubscribe(token: string): Promise<boolean> {
  const row = await rowByToken(token)
  if (!row) return false
  return writeTransaction(async (tx) => {
    const deleted = await tx.db.deleteFrom('subscribers').where('id', '=', row.id).returning('id').executeTakeFirst()
    if (deleted) tx.publish({ table: 'subscribers', type: 'delete', id: deleted.id })
    return Boolean(deleted)
  })
}

/** Forgets the subscriptions nobody confirmed in time: periodic, on every instance (deleting twice is harmless). */
export async function removeExpiredSubscriptions(now = new Date()): Promise<number> {
  const expiredBefore = new Date(now.getTime() - PENDING_MS).toISOString()
  // Runs every minute: a read first, so that a minute with nothing to forget writes nothing.
  const any = await db.selectFrom('subscribers').select('id').where('confirmed_at', 'is', null).where('created_at', '<=', expiredBefore).limit(1).executeTakeFirst()
  if (!any) return 0
  return writeTransaction(async (tx) => {
    const removed = await tx.db
      .deleteFrom('subscribers')
      .where('confirmed_at', 'is', null)
      .where('created_at', '<=', expiredBefore)
      .returning('id')
      .execute()
    for (const { id } of removed) tx.publish({ table: 'subscribers', type: 'delete', id })
    return removed.length
  })
}
