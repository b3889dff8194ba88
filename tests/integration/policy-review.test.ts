import { describe, expect, test } from 'vitest'
import { setOfficeAddresses } from '#app/domain/contact/office-notifications.server.ts'
import { composerFor } from '#app/domain/outbox/outbox.server.ts'
import { createPolicy, deletePolicy, updatePolicy, type PolicySubmission } from '#app/domain/policy/policy-admin.server.ts'
import { POLICY_REVIEW_MAIL, queuePolicyReviewReminders } from '#app/domain/policy/policy-review.server.ts'
import { reviewState } from '#app/domain/policy/policy.ts'
import { POLICY_MESSAGES, policySchema } from '#app/domain/policy/policy.schema.ts'
import { db } from '#app/lib/db.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

function submission(overrides: Partial<PolicySubmission> = {}): PolicySubmission {
  return { title: 'Safeguarding Policy', description: null, fileUrl: null, file: null, ...overrides }
}

/** Noon in the school's zone (UTC here) on that day. */
const on = (day: string) => new Date(`${day}T12:00:00Z`)
const queuedFor = (policyId: string) => db.selectFrom('outbox_messages').selectAll().where('kind', '=', POLICY_REVIEW_MAIL).where('subject_id', '=', policyId).execute()

describe(`policy review reminders on ${database.engine}`, () => {
  test('queued once, 30 days before the review date, to each office address; none without a date; a moved date gets its own', async () => {
    await db.deleteFrom('outbox_messages').execute()
    await setOfficeAddresses(['office@school.test', 'head@school.test'], { role: 'admin' })
    const dated = await createPolicy(submission({ reviewDate: '2027-03-31' }))
    const undated = await createPolicy(submission({ title: 'Uniform Policy' }))

    expect(await queuePolicyReviewReminders(on('2027-02-28'), 'UTC')).toBe(0)
    expect(await queuedFor(dated.id)).toEqual([])

    expect(await queuePolicyReviewReminders(on('2027-03-01'), 'UTC')).toBe(2)
    const queued = await queuedFor(dated.id)
    expect(queued.map((row) => row.recipient).sort()).toEqual(['head@school.test', 'office@school.test'])
    expect(await queuePolicyReviewReminders(on('2027-03-01'), 'UTC')).toBe(0)
    expect(await queuePolicyReviewReminders(on('2027-03-15'), 'UTC')).toBe(0)
    expect(await queuePolicyReviewReminders(on('2027-03-31'), 'UTC')).toBe(0)
    expect(await queuedFor(dated.id)).toHaveLength(2)
    expect(await queuedFor(undated.id)).toEqual([])

    const compose = composerFor(POLICY_REVIEW_MAIL)!
    const composed = await compose(queued[0]!)
    expect(composed).toMatchObject({ send: { channel: 'mail', mail: { subject: 'Policy review due: Safeguarding Policy' } } })
    if (!('send' in composed) || composed.send.channel !== 'mail') throw new Error('no mail')
    expect(composed.send.mail.text).toContain('due for review on March 31, 2027')
    expect(composed.send.mail.text).toContain('/admin/policies')

    // The date moved: the queued mail is not sent; the new date's reminder comes in its own time.
    await updatePolicy(dated.id, submission({ reviewDate: '2027-06-30' }))
    expect(await compose(queued[0]!)).toEqual({ skip: 'the review date changed' })
    expect(await queuePolicyReviewReminders(on('2027-05-30'), 'UTC')).toBe(0)
    expect(await queuePolicyReviewReminders(on('2027-05-31'), 'UTC')).toBe(2)

    await deletePolicy(dated.id)
    expect(await compose(queued[0]!)).toEqual({ skip: 'the policy was deleted' })
    await deletePolicy(undated.id)
  })

  test('on a site where no admin has set the office addresses, the reminder goes to every approved admin', async () => {
    await db.deleteFrom('outbox_messages').execute()
    await db.deleteFrom('site_settings').where('key', '=', 'office_notification_addresses').execute()
    await createSignedInUser('admin')
    await createSignedInUser('admin', 'pending')
    const admins = await db
      .selectFrom('profiles')
      .innerJoin('user_roles', 'user_roles.user_id', 'profiles.id')
      .select('profiles.email')
      .where('user_roles.role', '=', 'admin')
      .where('profiles.status', '=', 'approved')
      .execute()
    const policy = await createPolicy(submission({ title: 'Attendance Policy', reviewDate: '2028-03-31' }))
    await queuePolicyReviewReminders(on('2028-03-15'), 'UTC')
    expect((await queuedFor(policy.id)).map((row) => row.recipient).sort()).toEqual(admins.map((row) => row.email).sort())
    await deletePolicy(policy.id)
  })

  test('the admin badges: review due within 30 days, overdue after the date; a date that does not exist is refused', () => {
    const parsed = (reviewDate: string) => policySchema.safeParse({ title: 'T', reviewDate })
    expect(parsed('2027-02-30').error?.issues[0]?.message).toBe(POLICY_MESSAGES.invalidReviewDate)
    expect(parsed('tomorrow').error?.issues[0]?.message).toBe(POLICY_MESSAGES.invalidReviewDate)
    expect(parsed('').data?.reviewDate).toBeNull()
    expect(parsed('2028-02-29').data?.reviewDate).toBe('2028-02-29')
    expect(reviewState(null, '2027-03-01')).toBeNull()
    expect(reviewState('2027-04-01', '2027-03-01')).toBeNull()
    expect(reviewState('2027-03-31', '2027-03-01')).toBe('due')
    expect(reviewState('2027-03-01', '2027-03-01')).toBe('due')
    expect(reviewState('2027-02-28', '2027-03-01')).toBe('overdue')
  })
})
