import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import { resolveAuthSecret } from '#app/lib/auth-secret.server.ts'
import { clientAddressGroup } from '#app/lib/client-address-group.ts'
import { config } from '#app/lib/env.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { newId } from '#db/portable.ts'
import { toContactMessage, type ContactMessage } from './contact-messages.server.ts'
import { queueContactMessageMails } from './office-notifications.server.ts'
import { CONTACT_MESSAGES, CONTACT_MIN_FILL_MS, CONTACT_SPACING_MS, CONTACT_WINDOW, checkContactForm } from './contact.schema.ts'

const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000

let secret: string | undefined
function appSecret() {
  secret ??= resolveAuthSecret(config.authSecret, config.dataDir)
  return secret
}

function sign(purpose: string, value: string) {
  return createHmac('sha256', appSecret()).update(`${purpose}:${value}`).digest('base64url')
}

/**
 * The hidden field that proves when the server rendered the form: its render
 * time, a random id that makes each rendering's token its own (a token is
 * good for one message), and an HMAC of both, so a client cannot pretend it waited.
 */
export function issueContactFormToken(now = new Date()): string {
  const payload = `${now.getTime()}.${randomBytes(16).toString('base64url')}`
  return `${payload}.${sign('contact-form', payload)}`
}

interface FormToken {
  /** The random id, recorded once the token has carried a message. */
  id: string
  /** When the token stops being accepted: 24 h after the render. */
  expiresAt: Date
}

/** The token's id and expiry when it is ours and the form was rendered between 3 s and 24 h ago; otherwise null. */
function readFormToken(token: unknown, now: Date): FormToken | null {
  if (typeof token !== 'string') return null
  const [renderedAt = '', id = '', signature = '', ...rest] = token.split('.')
  if (rest.length > 0 || !/^\d+$/.test(renderedAt) || !/^[\w-]{22}$/.test(id)) return null
  const expected = Buffer.from(sign('contact-form', `${renderedAt}.${id}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const age = now.getTime() - Number(renderedAt)
  if (age < CONTACT_MIN_FILL_MS || age > TOKEN_LIFETIME_MS) return null
  return { id, expiresAt: new Date(Number(renderedAt) + TOKEN_LIFETIME_MS) }
}

/** Visitors are remembered by a keyed hash of their address group (an IPv6 visitor by the /64), never the address itself. */
function visitorKey(clientAddress: string) {
  return sign('contact-visitor', clientAddressGroup(clientAddress))
}

/**
 * Deletes what no longer counts: spacing records whose last message is older
 * than the 10-minute window (an absent record means the same), and used
 * tokens past their expiry (refused by age anyway). Both by an indexed time.
 */
async function pruneContactRecords(tx: WriteTransaction, now: Date) {
  const windowEndedBefore = new Date(now.getTime() - Math.max(CONTACT_WINDOW.ms, CONTACT_SPACING_MS)).toISOString()
  await tx.db.deleteFrom('contact_throttle').where('last_submitted_at', '<=', windowEndedBefore).execute()
  await tx.db.deleteFrom('contact_used_tokens').where('expires_at', '<', now.toISOString()).execute()
}

/**
 * Stores a visitor's message when every rule holds, checked in this order:
 * spam trap, fields, 3 s fill time (from the signed token), a token not used
 * before, 30 s since the visitor's last successful message and at most
 * CONTACT_WINDOW.max messages in its window (docs/product-rules.md#contact-form).
 * A refusal is a `DomainError`: the spam trap, a field, a reused token, or a
 * token that is missing, forged, expired or too young (the form was sent too
 * fast) is `invalid`, since the form itself is at fault; too many messages
 * from the visitor is `rate_limited`. A refusal stores nothing and leaves its
 * token unused. Returns the stored message.
 */
export async function submitContactMessage(input: Record<string, unknown>, clientAddress: string, now = new Date()): Promise<ContactMessage> {
  const checked = checkContactForm(input)
  if (!checked.ok) throw DomainError.invalid(checked.error, checked.fieldErrors)
  const token = readFormToken(input.formToken, now)
  if (!token) throw DomainError.invalid(CONTACT_MESSAGES.tooFast)

  const visitor = visitorKey(clientAddress)
  const submittedAt = now.toISOString()
  const spacingEndedBefore = new Date(now.getTime() - CONTACT_SPACING_MS).toISOString()
  const windowEndedBefore = new Date(now.getTime() - CONTACT_WINDOW.ms).toISOString()
  const windowOver = sql<boolean>`contact_throttle.window_started_at is null or contact_throttle.window_started_at <= ${windowEndedBefore}`
  const { name, email, message } = checked.data
  const id = newId()
  return writeTransaction(async (tx) => {
    await pruneContactRecords(tx, now)
    // The token's row is the proof of its use: of two requests with one token, the
    // second waits for the first's commit and then finds the row (a unique key).
    const use = await tx.db
      .insertInto('contact_used_tokens')
      .values({ token: token.id, expires_at: token.expiresAt.toISOString() })
      .onConflict((oc) => oc.column('token').doNothing())
      .executeTakeFirst()
    if (Number(use.numInsertedOrUpdatedRows ?? 0) === 0) throw DomainError.invalid(CONTACT_MESSAGES.invalidSubmission)
    // Claiming the visitor's slot and storing the message commit together; the
    // conditional upsert keeps two simultaneous requests (or instances) from both passing.
    // It also counts the visitor's messages in a 10-minute window (CONTACT_WINDOW).
    const claim = await tx.db
      .insertInto('contact_throttle')
      .values({ visitor, last_submitted_at: submittedAt, window_started_at: submittedAt, window_count: 1 })
      .onConflict((oc) =>
        oc
          .column('visitor')
          .doUpdateSet({
            last_submitted_at: submittedAt,
            window_started_at: sql`case when ${windowOver} then ${submittedAt} else contact_throttle.window_started_at end`,
            window_count: sql`case when ${windowOver} then 1 else contact_throttle.window_count + 1 end`,
          })
          .where((eb) =>
            eb.and([
              eb('contact_throttle.last_submitted_at', '<=', spacingEndedBefore),
              eb.or([windowOver, eb('contact_throttle.window_count', '<', CONTACT_WINDOW.max)]),
            ]),
          ),
      )
      .executeTakeFirst()
    // A refusal here also takes back the token's use.
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) throw DomainError.rateLimited(CONTACT_MESSAGES.tooSoon)
    await tx.db.insertInto('contact_messages').values({ id, name, email, message, created_at: submittedAt }).execute()
    // The office hears of it only if the message is stored (docs/product-rules.md#office-notifications).
    await queueContactMessageMails(tx, id)
    tx.publish({ table: 'contact_messages', type: 'insert', id })
    return toContactMessage(await tx.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
  })
}
