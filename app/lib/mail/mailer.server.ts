import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { RenderedMail } from './messages.ts'

export type MailerOptions = {
  /** smtp:// or smtps:// URL; without it mails are written to `outbox` instead. */
  smtpUrl?: string
  from: string
  /** The folder for .eml files when no SMTP server is configured (DATA_DIR/mail). */
  outbox: string
  log?: (message: string) => void
}

export type Mailer = { send: (mail: RenderedMail) => Promise<void> }

/**
 * Sends through SMTP when configured. Otherwise nodemailer still builds the
 * message, which is written to the outbox as an .eml file and its link logged,
 * so a fresh install can confirm accounts and reset passwords.
 */
export function createMailer({ smtpUrl, from, outbox, log = console.log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
      await fs.mkdir(outbox, { recursive: true, mode: 0o700 })
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.eml`)
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 })
      log(`No SMTP_URL set: "${mail.subject}" for ${mail.to} written to ${file}. Link: ${mail.url}`)
    },
  }
}
