import { generateRandomString } from 'better-auth/crypto'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { sendInvitationMail } from '#app/domain/user/account-mail.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { auth } from '#app/services/auth.server.ts'
import { readTimestamp } from '#db/portable.ts'
import { acceptInvitationSchema, INVITATION_LIFETIME_DAYS, INVITATION_MESSAGES, type Invitation, type PendingInvitation } from './invitation.schema.ts'
import { removeUnconfirmedAccount } from './unconfirmed-accounts.server.ts'
import { updateUserAccess } from './user-admin.server.ts'
import { USER_MESSAGES } from './user-admin.schema.ts'
import { createVerifiedAccount } from './verified-account.server.ts'
import { validated } from '#app/lib/action.server.ts'

const LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000

/** Better Auth's verification identifier for an invitation link; it stores it hashed (`verification.storeIdentifier`). */
const identifierOf = (token: string) => `staff-invitation:${token}`

/** The path of the accept page for a token. */
export const invitationPath = (token: string) => `/auth/invitation/${encodeURIComponent(token)}`

const invalidLink = () => DomainError.notFound(INVITATION_MESSAGES.invalidLink)
const notFound = () => DomainError.notFound(INVITATION_MESSAGES.notFound)

async function hasAccount(email: string) {
  return !!(await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst())
}

/**
 * A confirmed address with an account of its own is refused; an unconfirmed
 * sign-up is not an account yet (it goes after a day, or when the invited
 * person accepts: the invitation proves the mailbox).
 */
async function hasConfirmedAccount(email: string) {
  return !!(await db.selectFrom('user').select('id').where('email', '=', email).where('emailVerified', '=', true).executeTakeFirst())
}

/**
 * A fresh link for the invitation: a new Better Auth verification value (its
 * random token, hashed in the database, lasting seven days), whose row
 * replaces the invitation's earlier one, so only the newest link works.
 * Better Auth writes its row before our transaction (on SQLite its write
 * would wait for ours). The mail goes straight to SMTP, like the other
 * account mails: the link must not sit readable in the outbox table.
 */
async function sendLink(invitationId: string, email: string) {
  const context = await auth.$context
  const token = generateRandomString(32)
  const sentAt = new Date()
  const verification = await context.internalAdapter.createVerificationValue({
    identifier: identifierOf(token),
    value: invitationId,
    expiresAt: new Date(sentAt.getTime() + LIFETIME_MS),
  })
  const replaced = await writeTransaction(async (tx) => {
    const current = await tx.db.selectFrom('staff_invitations').select('verification_id').where('id', '=', invitationId).executeTakeFirst()
    if (!current) return false
    await tx.db.updateTable('staff_invitations').set({ verification_id: verification.id, sent_at: sentAt.toISOString() }).where('id', '=', invitationId).execute()
    if (current.verification_id) await tx.db.deleteFrom('verification').where('id', '=', current.verification_id).execute()
    tx.publish({ table: 'staff_invitations', type: 'update', id: invitationId })
    return true
  })
  if (!replaced) {
    await db.deleteFrom('verification').where('id', '=', verification.id).execute()
    throw notFound()
  }
  try {
    await sendInvitationMail(email, new URL(invitationPath(token), config.publicUrl).toString(), INVITATION_LIFETIME_DAYS)
  } catch {
    throw DomainError.unavailable(INVITATION_MESSAGES.mailFailed)
  }
}

/**
 * 'Invite user': records the invitation (or updates the pending one for the
 * same address with the new name and role; `input` is invitationSchema's
 * output, which the Users screen's action parsed) and mails a link where the person
 * chooses their own password. An address that already has an account is refused.
 */
export async function inviteUser(input: Invitation): Promise<{ resent: boolean }> {
  const { fullName, role } = input
  const email = input.email.toLowerCase()
  if (await hasConfirmedAccount(email)) throw DomainError.conflict(USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken })
  const { id, resent } = await writeTransaction(async (tx) => {
    const existing = await tx.db.selectFrom('staff_invitations').select('id').where('email', '=', email).executeTakeFirst()
    if (existing) {
      await tx.db.updateTable('staff_invitations').set({ full_name: fullName, role }).where('id', '=', existing.id).execute()
      tx.publish({ table: 'staff_invitations', type: 'update', id: existing.id })
      return { id: existing.id, resent: true }
    }
    const created = crypto.randomUUID()
    await tx.db
      .insertInto('staff_invitations')
      .values({ id: created, email, full_name: fullName, role, sent_at: new Date().toISOString(), created_at: new Date().toISOString() })
      .execute()
    tx.publish({ table: 'staff_invitations', type: 'insert', id: created })
    return { id: created, resent: false }
  })
  await sendLink(id, email)
  return { resent }
}

/** 'Resend': a new link; the earlier one stops working. */
export async function resendInvitation(invitationId: string): Promise<void> {
  const invitation = await db.selectFrom('staff_invitations').select('email').where('id', '=', invitationId).executeTakeFirst()
  if (!invitation) throw notFound()
  await sendLink(invitationId, invitation.email)
}

/** 'Cancel': the invitation and its link go. */
export async function cancelInvitation(invitationId: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const removed = await tx.db.deleteFrom('staff_invitations').where('id', '=', invitationId).returning('verification_id').executeTakeFirst()
    if (!removed) throw notFound()
    if (removed.verification_id) await tx.db.deleteFrom('verification').where('id', '=', removed.verification_id).execute()
    tx.publish({ table: 'staff_invitations', type: 'delete', id: invitationId })
  })
}

/** Invitations not yet accepted or cancelled, most recently sent first (an expired one stays until resent or cancelled). */
export async function listPendingInvitations(): Promise<PendingInvitation[]> {
  const rows = await db.selectFrom('staff_invitations').selectAll().orderBy('sent_at', 'desc').orderBy('email').execute()
  const now = Date.now()
  return rows.map((row) => {
    const sentAt = readTimestamp(row.sent_at)
    const expiresAt = new Date(sentAt).getTime() + LIFETIME_MS
    return {
      id: row.id,
      email: row.email,
      fullName: row.full_name,
      role: row.role,
      sentAt,
      expiresAt: new Date(expiresAt).toISOString(),
      expired: expiresAt < now,
    }
  })
}

/** The invitation a link is for, if the link is the invitation's newest and unexpired. */
async function invitationOfVerification(verification: { id: string; value: string; expiresAt: Date } | null) {
  if (!verification || verification.expiresAt.getTime() < Date.now()) return null
  const invitation = await db
    .selectFrom('staff_invitations')
    .selectAll()
    .where('id', '=', verification.value)
    .where('verification_id', '=', verification.id)
    .executeTakeFirst()
  return invitation ?? null
}

/** What the accept page shows for a link: the address, or null for a link that no longer works. Opening the page uses nothing up. */
export async function invitationForToken(token: string): Promise<{ email: string } | null> {
  const context = await auth.$context
  const invitation = await invitationOfVerification(await context.internalAdapter.findVerificationValue(identifierOf(token)))
  return invitation ? { email: invitation.email } : null
}

/**
 * The invited person's password: the link is used up (Better Auth's atomic
 * consume, so two tabs cannot both use it), the account is made with its
 * address confirmed, approved, with the invited role, and the invitation goes.
 */
export async function acceptInvitation(token: string, values: { password: string; confirmPassword: string }): Promise<{ email: string }> {
  const { password } = validated(acceptInvitationSchema, values)
  const context = await auth.$context
  const invitation = await invitationOfVerification(await context.internalAdapter.consumeVerificationValue(identifierOf(token)))
  if (!invitation) throw invalidLink()
  const email = invitation.email
  // A sign-up nobody confirmed is not the invited person's: the invitation wins.
  await removeUnconfirmedAccount(email)
  if (await hasAccount(email)) {
    await cancelInvitation(invitation.id)
    throw DomainError.conflict(USER_MESSAGES.emailTaken)
  }
  const user = await createVerifiedAccount({ email, password, name: invitation.full_name ?? '' })
  await updateUserAccess(user.id, { role: invitation.role, status: 'approved', fullName: invitation.full_name })
  await writeTransaction(async (tx) => {
    await tx.db.deleteFrom('staff_invitations').where('id', '=', invitation.id).execute()
    tx.publish({ table: 'staff_invitations', type: 'delete', id: invitation.id })
  })
  return { email }
}
