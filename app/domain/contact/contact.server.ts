import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { newId } from '#db/portable.ts'
import { toContactMessage, type ContactMessage } from './contact-messages.server.ts'
import { queueContactMessageMails } from './office-notifications.server.ts'
import { admitAnonymousPost, issueFormToken, readFormToken } from './anonymous-form.server.ts'
import { CONTACT_MESSAGES, CONTACT_SPACING_MS, CONTACT_WINDOW, checkContactForm } from './contact.schema.ts'

/** The hidden field that proves when the server rendered the contact form (see `issueFormToken`). */
export function issueContactFormToken(now = new Date()): string {
  return issueFormToken('contact', now)
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
  const token = readFormToken('contact', input.formToken, now)
  if (!token) throw DomainError.invalid(CONTACT_MESSAGES.tooFast)

  const { name, email, message } = checked.data
  const id = newId()
  return writeTransaction(async (tx) => {
    // Claiming the visitor's slot and storing the message commit together.
    await admitAnonymousPost(tx, {
      purpose: 'contact',
      token,
      clientAddress,
      now,
      limits: { spacingMs: CONTACT_SPACING_MS, window: CONTACT_WINDOW },
      messages: { reusedToken: CONTACT_MESSAGES.invalidSubmission, tooSoon: CONTACT_MESSAGES.tooSoon },
    })
    const submittedAt = now.toISOString()
    await tx.db.insertInto('contact_messages').values({ id, name, email, message, created_at: submittedAt }).execute()
    // The office hears of it only if the message is stored (docs/product-rules.md#office-notifications).
    await queueContactMessageMails(tx, id)
    tx.publish({ table: 'contact_messages', type: 'insert', id })
    return toContactMessage(await tx.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
  })
}
