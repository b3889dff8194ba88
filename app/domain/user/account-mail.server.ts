import { config } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { mailer } from '#app/lib/mail/mail.server.ts'
import { accountLockedMail, invitationMail, passwordResetMail, verificationMail, type RenderedMail } from '#app/lib/mail/messages.ts'
import { getSchoolName } from '../section/site-shell.server.ts'

/** An account mail names the school: in its subject and text, and as the sender unless MAIL_FROM names one. */
async function sendAccountMail(render: (schoolName: string) => RenderedMail) {
  const schoolName = await getSchoolName()
  return mailer.send({ ...render(schoolName), senderName: schoolName })
}

/**
 * Where every confirmation link returns, whichever request sent it: with the
 * new session /auth sends the person on to /admin
 * (docs/product-rules.md#accounts-and-sign-in), and a spent or
 * forged link comes back with ?error=… and is explained there.
 */
const CONFIRMATION_RETURN_PATH = '/auth'

/** Better Auth's emailVerification.sendVerificationEmail: sign-up waits for it, so a failed send is reported. */
export async function sendVerificationEmail({ user, url }: { user: { email: string }; url: string }) {
  const link = new URL(url)
  link.searchParams.set('callbackURL', CONFIRMATION_RETURN_PATH)
  await sendAccountMail((school) => verificationMail(user.email, link.toString(), school))
}

/**
 * Better Auth's emailAndPassword.sendResetPassword. Not awaited: answering
 * only after the SMTP round trip would tell an observer that the address has
 * an account.
 */
export function sendResetPassword({ user, url }: { user: { email: string }; url: string }): Promise<void> {
  void sendAccountMail((school) => passwordResetMail(user.email, url, school)).catch((error: unknown) => {
    logger.error({ err: error }, 'sending a password-reset mail failed')
  })
  return Promise.resolve()
}

/**
 * Tells the owner that wrong passwords locked their account. Not awaited, for
 * the same reason as above: only addresses with an account get this mail.
 */
export function sendAccountLockedMail(to: string, failures: number, lockMinutes: number) {
  const signInUrl = new URL(CONFIRMATION_RETURN_PATH, config.publicUrl).toString()
  void sendAccountMail((school) => accountLockedMail(to, signInUrl, school, failures, lockMinutes)).catch((error: unknown) => {
    logger.error({ err: error }, 'sending an account-locked mail failed')
  })
}

/** A staff invitation: awaited, so the admin who sent it learns at once when the mail did not go. */
export async function sendInvitationMail(to: string, url: string, lifetimeDays: number) {
  await sendAccountMail((school) => invitationMail(to, url, school, lifetimeDays))
}
