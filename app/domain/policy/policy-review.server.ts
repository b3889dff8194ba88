import { officeRecipients, type RecipientReason } from '#app/domain/contact/office-notifications.server.ts'
import { queueMessages, registerComposer, registerPeriodicTask, type Composed, type OutboxMessage } from '#app/domain/outbox/outbox.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { formatDate } from '#app/lib/format.ts'
import { renderActionMail } from '#app/lib/mail/messages.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { readJson } from '#db/portable.ts'
import { addDays, REVIEW_NOTICE_DAYS } from './policy.ts'

/** The outbox kind of the mail saying a policy's review date is near. */
export const POLICY_REVIEW_MAIL = 'policy-review-reminder'
const POLICIES_PATH = '/admin/policies'

/** The same message for the same policy, review date and address goes out once, however often the task runs. */
function dedupeKey(policyId: string, reviewDate: string, address: string) {
  return `${POLICY_REVIEW_MAIL}:${policyId}:${reviewDate}:${address.toLowerCase()}`
}

/**
 * The daily task (run with the outbox's periodic tasks, every minute on
 * every instance; the dedupe keys make it idempotent): from
 * REVIEW_NOTICE_DAYS days before a policy's review date until that date, the
 * office is told once per policy and review date. A policy whose date is
 * moved gets a reminder for the new date; one without a date gets none.
 * Returns how many mails were queued.
 */
export async function queuePolicyReviewReminders(now: Date, timeZone?: string): Promise<number> {
  timeZone ??= await siteTimeZone()
  const today = utcToZonedTime(now.toISOString(), timeZone).slice(0, 10)
  const due = await db
    .selectFrom('policies')
    .select(['id', 'review_date'])
    .where('review_date', '>=', today)
    .where('review_date', '<=', addDays(today, REVIEW_NOTICE_DAYS))
    .execute()
  let queued = 0
  for (const policy of due) {
    const reviewDate = policy.review_date!
    const already = await db.selectFrom('outbox_messages').select('id').where('dedupe_key', 'like', `${POLICY_REVIEW_MAIL}:${policy.id}:${reviewDate}:%`).limit(1).executeTakeFirst()
    if (already) continue
    queued += await writeTransaction(async (tx) => {
      const recipients = await officeRecipients(tx)
      return queueMessages(
        tx,
        [...recipients.values()].map(({ address, reason }) => ({
          kind: POLICY_REVIEW_MAIL,
          channel: 'mail' as const,
          recipient: address,
          subjectTable: 'policies',
          subjectId: policy.id,
          dedupeKey: dedupeKey(policy.id, reviewDate, address),
          data: { reviewDate, reason },
        })),
      )
    })
  }
  return queued
}

const WHY_YOU_GET_THIS: Record<RecipientReason, string> = {
  office: 'This address is on the office list. An admin can change the list under Contact Messages, Notifications.',
  admins: 'You get this e-mail because you are an admin and no office addresses are set. An admin can set them under Contact Messages, Notifications.',
  staff: 'You get this e-mail because you chose "E-mail me each new contact message" in your account, which also brings the office’s reminders. You can turn it off there.',
}

/** Built at delivery: a policy deleted meanwhile, or whose review date changed, is not mailed about (the new date gets its own reminder). */
async function composePolicyReviewMail(row: OutboxMessage): Promise<Composed> {
  const data = row.data ? readJson<{ reviewDate?: string; reason?: RecipientReason }>(row.data) : {}
  const policy = row.subject_id ? await db.selectFrom('policies').select(['title', 'review_date']).where('id', '=', row.subject_id).executeTakeFirst() : undefined
  if (!policy) return { skip: 'the policy was deleted' }
  if (!policy.review_date || policy.review_date !== data.reviewDate) return { skip: 'the review date changed' }
  const title = policy.title.replace(/\s+/g, ' ').trim()
  const when = formatDate(`${policy.review_date}T12:00:00Z`, 'UTC')
  const rendered = renderActionMail({
    to: row.recipient,
    subject: `Policy review due: ${title}`,
    heading: `${title} is due for review`,
    intro: `The policy "${title}" is due for review on ${when}. Once it is reviewed, upload the new version and set the next review date.`,
    actionLabel: 'Open Policies',
    url: new URL(POLICIES_PATH, config.publicUrl).toString(),
    outro: WHY_YOU_GET_THIS[data.reason ?? 'office'],
  })
  return { send: { channel: 'mail', mail: { to: rendered.to, subject: rendered.subject, text: rendered.text, html: rendered.html } } }
}

registerComposer(POLICY_REVIEW_MAIL, composePolicyReviewMail)
registerPeriodicTask(async (now) => void (await queuePolicyReviewReminders(now)))
