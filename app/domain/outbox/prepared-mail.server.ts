import { z } from 'zod'
import { readJson } from '#db/portable.ts'
import type { WriteTransaction } from '#app/lib/transaction.server.ts'
import { PermanentDeliveryFailure, queueMessages, registerComposer, type QueuedMessage } from './outbox.server.ts'

/** A mail whose words are fixed when it is queued (an office notification, the benchmark's mails): the row carries them. */
export const PREPARED_MAIL = 'prepared-mail'

const preparedMailData = z.object({
  subject: z.string().min(1),
  text: z.string(),
  html: z.string(),
  replyTo: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
})

export type PreparedMail = z.infer<typeof preparedMailData> & { to: string }

/** Queues `mails` as prepared mails in the write that causes them; `dedupeKey` says which are the same mail. */
export function queuePreparedMails(
  tx: WriteTransaction,
  mails: ReadonlyArray<PreparedMail & Pick<QueuedMessage, 'dedupeKey' | 'subjectTable' | 'subjectId' | 'deliverAfter'>>,
): Promise<number> {
  return queueMessages(
    tx,
    mails.map(({ to, dedupeKey, subjectTable, subjectId, deliverAfter, ...content }) => ({
      kind: PREPARED_MAIL,
      channel: 'mail',
      recipient: to,
      dedupeKey,
      subjectTable,
      subjectId,
      deliverAfter,
      data: content,
    })),
  )
}

registerComposer(PREPARED_MAIL, (message) => {
  const parsed = preparedMailData.safeParse(message.data === null ? null : readJson(message.data))
  if (!parsed.success) return Promise.reject(new PermanentDeliveryFailure('The queued mail has no subject or text'))
  return Promise.resolve({ send: { channel: 'mail', mail: { to: message.recipient, ...parsed.data } } })
})
