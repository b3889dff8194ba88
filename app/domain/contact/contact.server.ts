import { createHmac, timingSafeEqual } from 'node:crypto'
import { resolveAuthSecret } from '#app/lib/auth-secret.server.ts'
import { publishChanges } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { sql } from 'kysely'
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
 * time and an HMAC of it, so a client cannot pretend it waited.
 */
export function issueContactFormToken(now = new Date()): string {
  const renderedAt = String(now.getTime())
  return `${renderedAt}.${sign('contact-form', renderedAt)}`
}

/** True when the token is ours and the form was rendered between 3 s and 24 h ago. */
function filledSlowlyEnough(token: unknown, now: Date) {
  if (typeof token !== 'string') return false
  const [renderedAt = '', signature = ''] = token.split('.')
  const expected = Buffer.from(sign('contact-form', renderedAt))
  const given = Buffer.from(signature)
  if (!/^\d+$/.test(renderedAt) || given.length !== expected.length || !timingSafeEqual(given, expected)) return false
  const age = now.getTime() - Number(renderedAt)
  return age >= CONTACT_MIN_FILL_MS && age <= TOKEN_LIFETIME_MS
}

/** Visitors are remembered by a keyed hash of their address, never the address itself. */
function visitorKey(clientAddress: string) {
  return sign('contact-visitor', clientAddress)
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
 * spam trap, fields, 3 s fill time (from the signed token), 30 s since the
 * visitor's last successful message. A refused message stores nothing.
 */
export async function submitContactMessage(
  input: Record<string, unknown>,
  clientAddress: string,
  now = new Date(),
): Promise<ContactSubmission> {
  const checked = checkContactForm(input)
  if (!checked.ok) return { ...checked, reason: 'invalid' }
  if (!filledSlowlyEnough(input.formToken, now)) {
    return { ok: false, reason: 'too-fast', error: CONTACT_MESSAGES.tooFast, fieldErrors: {} }
  }

  const visitor = visitorKey(clientAddress)
  const submittedAt = now.toISOString()
  const spacingEndedBefore = new Date(now.getTime() - CONTACT_SPACING_MS).toISOString()
  const windowEndedBefore = new Date(now.getTime() - CONTACT_WINDOW.ms).toISOString()
  const windowOver = sql<boolean>`contact_throttle.window_started_at is null or contact_throttle.window_started_at <= ${windowEndedBefore}`
  const { name, email, message } = checked.data
  const id = newId()
  let stored: boolean
  try {
    stored = await db.transaction().execute(async (trx) => {
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
      if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false
      await trx.insertInto('contact_messages').values({ id, name, email, message, created_at: submittedAt }).execute()
      return true
    })
  } catch (error) {
    logger.error({ err: error }, 'storing a contact message failed')
    return { ok: false, reason: 'failed', error: CONTACT_MESSAGES.failed, fieldErrors: {} }
  }
  if (!stored) return { ok: false, reason: 'too-soon', error: CONTACT_MESSAGES.tooSoon, fieldErrors: {} }

  await publishChanges({ table: 'contact_messages', type: 'insert', id })
  return { ok: true, id }
}
