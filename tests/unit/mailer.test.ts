import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, describe, expect, test } from 'vitest'
import { createMailer, rateWindow } from '#app/lib/mail/mailer.server.ts'
import { passwordResetMail, renderActionMail } from '#app/lib/mail/messages.ts'

const LINK = 'https://school.example/api/auth/reset-password/abc?callbackURL=%2Fauth%2Freset-password&x=1'
const FROM = 'School Website <no-reply@school.example>'

describe('mail messages', () => {
  test('plain text and HTML carry the same link; the HTML escapes what it is given', () => {
    const mail = renderActionMail({
      to: 'a@example.org',
      subject: 'Hello <script>',
      heading: 'Tom & Jerry',
      intro: 'Intro',
      actionLabel: 'Go',
      url: LINK,
      outro: 'Bye',
    })
    expect(mail.text).toContain(LINK)
    expect(mail.html).toContain(LINK.replace('&', '&#38;'))
    expect(mail.html).toContain('<html lang="en">')
    expect(mail.html).toContain('<h1 style="font-size:22px;margin:0 0 16px">Tom &#38; Jerry</h1>')
    expect(mail.html).not.toContain('<script>')
  })

  test("someone else's words are quoted after the intro: '> ' lines in the text, an escaped blockquote in the HTML; no quote, no blockquote", () => {
    const base = { to: 'a@example.org', subject: 'New message', heading: 'New message', intro: 'Ada wrote:', actionLabel: 'Open', url: LINK, outro: 'Bye' }
    const mail = renderActionMail({ ...base, quote: 'Is <b>Friday</b> off?\n\nThanks & bye' })
    expect(mail.text).toContain('Ada wrote:\n\n> Is <b>Friday</b> off?\n>\n> Thanks & bye\n\nOpen:')
    expect(mail.html).toContain('white-space:pre-wrap">Is &#60;b&#62;Friday&#60;/b&#62; off?\n\nThanks &#38; bye</blockquote>')
    expect(mail.html.indexOf('Ada wrote:')).toBeLessThan(mail.html.indexOf('<blockquote'))
    expect(renderActionMail(base).html).not.toContain('<blockquote')
  })
})

describe('the mailer', () => {
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-outbox-'))
  afterAll(() => fs.rmSync(outbox, { recursive: true, force: true }))

  test('without SMTP_URL it writes an .eml file to the outbox and logs the link', async () => {
    const logged: string[] = []
    const mailer = createMailer({ from: FROM, outbox, log: (line) => logged.push(line) })
    await mailer.send(passwordResetMail('parent@example.org', LINK, 'School Website'))

    const files = fs.readdirSync(outbox)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/\.eml$/)
    const eml = fs.readFileSync(path.join(outbox, files[0]!), 'utf8')
    expect(eml).toMatch(/^From: School Website <no-reply@school\.example>$/m)
    expect(eml).toMatch(/^To: parent@example\.org$/m)
    expect(eml).toMatch(/^Subject: Reset your password for School Website$/m)
    expect(eml).toMatch(/Content-Type: multipart\/alternative/)
    expect(eml).toMatch(/Content-Type: text\/plain/)
    expect(eml).toMatch(/Content-Type: text\/html/)
    expect(logged.join('\n')).toContain(`Link: ${LINK}`)
    expect(fs.statSync(path.join(outbox, files[0]!)).mode & 0o777).toBe(0o600)
  })

  test("MAIL_FROM's own sender name is kept; a bare address goes out under the mail's sender name (the school's)", async () => {
    const fromOf = async (from: string) => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-from-'))
      try {
        await createMailer({ from, outbox: folder, log: () => {} }).send({ ...passwordResetMail('parent@example.org', LINK, 'Springfield Primary'), senderName: 'Springfield Primary' })
        const [file] = fs.readdirSync(folder)
        return /^From: (.*)$/m.exec(fs.readFileSync(path.join(folder, file!), 'utf8'))?.[1]
      } finally {
        fs.rmSync(folder, { recursive: true, force: true })
      }
    }
    expect(await fromOf(FROM)).toBe('School Website <no-reply@school.example>')
    expect(await fromOf('"IT Office" <it@school.example>')).toBe('IT Office <it@school.example>')
    expect(await fromOf('no-reply@school.example')).toBe('Springfield Primary <no-reply@school.example>')
    expect(await fromOf('<no-reply@school.example>')).toBe('Springfield Primary <no-reply@school.example>')
  })

  test('with SMTP_URL it delivers over SMTP', async () => {
    const received: { to: string[]; raw: string }[] = []
    let connections = 0
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onConnect(_session, callback) {
        connections++
        callback()
      },
      onData(stream, session, callback) {
        let raw = ''
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.server.address() as AddressInfo
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, outbox, log: () => {} })
      try {
        const sent = await mailer.send(passwordResetMail('teacher@example.org', LINK, 'School Website'))
        // The pool keeps the connection: the second mail goes over it.
        await mailer.send({ ...passwordResetMail('head@example.org', LINK, 'School Website'), replyTo: 'office@example.org', messageId: '<row-1@school.example>', headers: { 'List-Unsubscribe': '<https://school.example/u>' } })
        expect(sent.response).toMatch(/^250 /)
      } finally {
        // An open pooled connection would keep the server from closing.
        mailer.close()
      }
      expect(received).toHaveLength(2)
      expect(received[0]!.to).toEqual(['teacher@example.org'])
      expect(received[0]!.raw).toMatch(/^Subject: Reset your password for School Website/m)
      expect(received[1]!.raw).toMatch(/^Reply-To: office@example\.org/m)
      expect(received[1]!.raw).toMatch(/^Message-ID: <row-1@school\.example>/m)
      expect(received[1]!.raw).toMatch(/^List-Unsubscribe: <https:\/\/school\.example\/u>/m)
      expect(connections).toBe(1)
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  test('MAIL_RATE_PER_MINUTE is spread over one-second windows, or one mail per window below one a second', () => {
    expect(rateWindow(600)).toEqual({ rateLimit: 10, rateDelta: 1000 })
    expect(rateWindow(90)).toEqual({ rateLimit: 1, rateDelta: 1000 })
    expect(rateWindow(30)).toEqual({ rateLimit: 1, rateDelta: 2000 })
    expect(rateWindow(1)).toEqual({ rateLimit: 1, rateDelta: 60_000 })
  })
})
