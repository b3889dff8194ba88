import { config } from '../env.server.ts'
import { logger } from '../logger.server.ts'
import { mailer } from './mail.server.ts'
import { accountLockedMail, invitationMail, passwordResetMail, verificationMail } from './messages.ts'

const SITE_NAME = 'School Website'

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
  await mailer.send(verificationMail(user.email, link.toString(), SITE_NAME))
}

/**
 * Better Auth's emailAndPassword.sendResetPassword. Not awaited: answering
 * only after the SMTP round trip would tell an observer that the address has
 * an account.
 */
export function sendResetPassword({ user, url }: { user: { email: string }; url: string }): Promise<void> {
  void mailer.send(passwordResetMail(user.email, url, SITE_NAME)).catch((error: unknown) => {
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
  void mailer.send(accountLockedMail(to, signInUrl, SITE_NAME, failures, lockMinutes)).catch((error: unknown) => {
    logger.error({ err: error }, 'sending an account-locked mail failed')
  })
}

/** A staff invitation: awaited, so the admin who sent it learns at once when the mail did not go. */
export async function sendInvitationMail(to: string, url: string, lifetimeDays: number) {
  await mailer.send(invitationMail(to, url, SITE_NAME, lifetimeDays))
}
