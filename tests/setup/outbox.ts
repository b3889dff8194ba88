import fs from 'node:fs'
import path from 'node:path'
import { expect, vi } from 'vitest'
import { auth } from '#app/services/auth.server.ts'
import { config } from '#app/lib/env.server.ts'
import { mailer } from '#app/lib/mail/mail.server.ts'
import { linksInMessage } from '#tests/e2e/peers/mime.ts'

/** The confirmation links mailed to `address` so far, oldest first (without SMTP_URL mails are .eml files in DATA_DIR/mail). */
export function confirmationLinksTo(address: string): string[] {
  const outbox = path.join(config.dataDir, 'mail')
  if (!fs.existsSync(outbox)) return []
  return fs
    .readdirSync(outbox)
    .sort()
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .filter((raw) => raw.includes(`To: ${address}`))
    .flatMap((raw) => linksInMessage(raw).filter((link) => link.includes('/api/auth/verify-email')).slice(0, 1))
}

/** Asks for a reset link as the form does and returns the token the mail carries. */
export async function mailedResetToken(email: string): Promise<string> {
  const sent = vi.spyOn(mailer, 'send').mockResolvedValue({ response: '250 OK' })
  try {
    await auth.api.requestPasswordReset({ body: { email, redirectTo: '/auth/reset-password' } })
    // Other mails (a lock notice) may be on their way at the same time.
    const resetLink = () => sent.mock.calls.map(([message]) => message.url).find((url) => url?.includes('/reset-password/'))
    await vi.waitFor(() => expect(resetLink()).toBeDefined())
    return decodeURIComponent(new URL(resetLink()!).pathname.split('/').pop()!)
  } finally {
    sent.mockRestore()
  }
}
