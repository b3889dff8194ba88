import fs from 'node:fs/promises'
import path from 'node:path'

export type MailerOptions = {
  /** smtp:// or smtps:// URL; without it mails are written to `outbox` instead. */
  smtpUrl?: string
  from: string
  /** The folder for .eml files when no SMTP server is configured (DATA_DIR/mail). */
  outbox: string
  /** At most this many mails a minute leave through SMTP, shared by all connections of the pool. */
  ratePerMinute?: number
  log?: (message: string) => void
}

/** One mail to hand over: the account mails (RenderedMail) and the outbox's mails both fit. */
export type MailMessage = {
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string
  headers?: Record<string, string>
  /** `<id@host>`: the outbox derives it from the message's row, so a mail sent twice is recognisable as one. */
  messageId?: string
  /** The link the mail carries, logged when the mail is written to a file. */
  url?: string
  /** The sender's display name (the school's) when MAIL_FROM is a bare address. */
  senderName?: string
}

/** What the SMTP server answered ('250 2.0.0 Ok: queued as …'), or where the file went. */
export type SentMail = { response: string }

export type Mailer = {
  send: (mail: MailMessage) => Promise<SentMail>
  /** Closes the pooled SMTP connections (at shutdown, and in tests before their peer stops). */
  close: () => void
}

/** Connections kept open to the SMTP server and reused from mail to mail. */
const POOL_CONNECTIONS = 3
/** A server silent for this long is given up on: the outbox retries the mail later, and its lease outlasts this. */
const SOCKET_TIMEOUT_MS = 60_000

/**
 * nodemailer's pool counts mails per window and pauses every connection once
 * the window's share is spent. A one-second window (or one mail per window
 * below one a second) spreads a large send evenly instead of bursting a
 * minute's worth at once.
 */
export function rateWindow(ratePerMinute: number): { rateLimit: number; rateDelta: number } {
  if (ratePerMinute >= 60) return { rateLimit: Math.floor(ratePerMinute / 60), rateDelta: 1000 }
  return { rateLimit: 1, rateDelta: Math.ceil(60_000 / Math.max(1, ratePerMinute)) }
}

/**
 * Sends through SMTP when configured, over a small pool of reused
 * connections paced to `ratePerMinute`. Otherwise nodemailer still builds the
 * message, which is written to the outbox as an .eml file and its link logged,
 * so a fresh install can confirm accounts and reset passwords.
 */
/** nodemailer is loaded with the first mail: most worker processes never send one (the outbox delivers from one). */
const loadNodemailer = () => import('nodemailer').then((module) => module.default)

/**
 * The From header: MAIL_FROM as written when it names a sender ('Office
 * <office@school.org>', the IT person's choice), otherwise its address under
 * the mail's sender name.
 */
export function senderOf(from: string, senderName: string | undefined): string | { name: string; address: string } {
  const named = /^(.*?)\s*<([^<>\s]+)>\s*$/.exec(from.trim())
  const name = named?.[1]?.replace(/^"(.*)"$/, '$1').trim()
  if (name || !senderName) return from
  return { name: senderName, address: named?.[2] ?? from.trim() }
}

export function createMailer({ smtpUrl, from, outbox, ratePerMinute = 600, log = console.log }: MailerOptions): Mailer {
  const message = (mail: MailMessage) => ({
    from: senderOf(from, mail.senderName),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    replyTo: mail.replyTo,
    headers: mail.headers,
    messageId: mail.messageId,
  })
  if (smtpUrl) {
    const pool = () =>
      loadNodemailer().then((nodemailer) =>
        nodemailer.createTransport({
          url: smtpUrl,
          pool: true,
          maxConnections: POOL_CONNECTIONS,
          socketTimeout: SOCKET_TIMEOUT_MS,
          ...rateWindow(ratePerMinute),
        }),
      )
    let transport: ReturnType<typeof pool> | undefined
    return {
      async send(mail) {
        const info = await (await (transport ??= pool())).sendMail(message(mail))
        return { response: String(info.response ?? '') }
      },
      close: () => void transport?.then((pooled) => pooled.close()),
    }
  }
  const writer = () => loadNodemailer().then((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }))
  let transport: ReturnType<typeof writer> | undefined
  return {
    async send(mail) {
      const info = await (await (transport ??= writer())).sendMail(message(mail))
      await fs.mkdir(outbox, { recursive: true, mode: 0o700 })
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.eml`)
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 })
      log(`No SMTP_URL set: "${mail.subject}" for ${mail.to} written to ${file}.${mail.url ? ` Link: ${mail.url}` : ''}`)
      return { response: `written to ${file}` }
    },
    close: () => {},
  }
}
