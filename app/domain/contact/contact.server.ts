import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { resolveAuthSecret } from '#app/lib/auth-secret.server.ts'
import { publishChanges } from '#app/lib/changes.server.ts'
import { clientAddressGroup } from '#app/lib/client-address-group.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { sql, type Transaction } from 'kysely'
import type { Database } from '#db/database.ts'
import { newId } from '#db/portable.ts'
import {
  CONTACT_MESSAGES,
  CONTACT_MIN_FILL_MS,
  CONTACT_SPACING_MS,
  CONTACT_WINDOW,
  checkContactForm,
  type ContactFieldErrors,
} from './contact.schema.ts'

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
async function pruneContactRecords(trx: Transaction<Database>, now: Date) {
  const windowEndedBefore = new Date(now.getTime() - Math.max(CONTACT_WINDOW.ms, CONTACT_SPACING_MS)).toISOString()
  await trx.deleteFrom('contact_throttle').where('last_submitted_at', '<=', windowEndedBefore).execute()
  await trx.deleteFrom('contact_used_tokens').where('expires_at', '<', now.toISOString()).execute()
}

/** Ends the transaction without a trace: the message is refused for this reason. */
class Refusal extends Error {
  constructor(readonly reason: 'invalid' | 'too-soon') {
    super(reason)
  }
}

export type ContactSubmission =
  | { ok: true; id: string }
  | {
      ok: false
      reason: 'invalid' | 'too-fast' | 'too-soon' | 'failed'
      error: string
      fieldErrors: ContactFieldErrors
    }

/**
 * Stores a visitor's message when every rule of spec §5 holds, in this order:
 * spam trap, fields, 3 s fill time (from the signed token), a token not used
 * before, 30 s since the visitor's last successful message. A refused message
 * stores nothing and leaves its token unused.
 */
export async function submitContactMessage(
  input: Record<string, unknown>,
  clientAddress: string,
  now = new Date(),
): Promise<ContactSubmission> {
  const checked = checkContactForm(input)
  if (!checked.ok) return { ...checked, reason: 'invalid' }
  const token = readFormToken(input.formToken, now)
  if (!token) {
    return { ok: false, reason: 'too-fast', error: CONTACT_MESSAGES.tooFast, fieldErrors: {} }
  }

  const visitor = visitorKey(clientAddress)
  const submittedAt = now.toISOString()
  const spacingEndedBefore = new Date(now.getTime() - CONTACT_SPACING_MS).toISOString()
  const windowEndedBefore = new Date(now.getTime() - CONTACT_WINDOW.ms).toISOString()
  const windowOver = sql<boolean>`contact_throttle.window_started_at is null or contact_throttle.window_started_at <= ${windowEndedBefore}`
  const { name, email, message } = checked.data
  const id = newId()
  try {
    await db.transaction().execute(async (trx) => {
      await pruneContactRecords(trx, now)
      // The token's row is the proof of its use: of two requests with one token, the
      // second waits for the first's commit and then finds the row (a unique key).
      const use = await trx
        .insertInto('contact_used_tokens')
        .values({ token: token.id, expires_at: token.expiresAt.toISOString() })
        .onConflict((oc) => oc.column('token').doNothing())
        .executeTakeFirst()
      if (Number(use.numInsertedOrUpdatedRows ?? 0) === 0) throw new Refusal('invalid')
      // Claiming the visitor's slot and storing the message commit together; the
      // conditional upsert keeps two simultaneous requests (or instances) from both passing.
      // It also counts the visitor's messages in a 10-minute window (CONTACT_WINDOW).
      const claim = await trx
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
      if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) throw new Refusal('too-soon')
      await trx.insertInto('contact_messages').values({ id, name, email, message, created_at: submittedAt }).execute()
    })
  } catch (error) {
    if (error instanceof Refusal) {
      const text = error.reason === 'invalid' ? CONTACT_MESSAGES.invalidSubmission : CONTACT_MESSAGES.tooSoon
      return { ok: false, reason: error.reason, error: text, fieldErrors: {} }
    }
    logger.error({ err: error }, 'storing a contact message failed')
    return { ok: false, reason: 'failed', error: CONTACT_MESSAGES.failed, fieldErrors: {} }
  }

  await publishChanges({ table: 'contact_messages', type: 'insert', id })
  return { ok: true, id }
}
