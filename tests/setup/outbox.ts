import fs from 'node:fs'
import path from 'node:path'
import { config } from '#app/lib/env.server.ts'
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
