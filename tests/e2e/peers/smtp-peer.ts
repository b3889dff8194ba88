/**
 * A real SMTP server for the e2e tests (started by playwright.config.ts):
 * every message the app sends is written to MAIL_PEER_DIR as one JSON file,
 * which the tests read (see readMail in tests/e2e/mail.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { linksInMessage } from './mime.ts'

const port = Number(process.env.SMTP_PEER_PORT)
const outbox = path.resolve(process.env.MAIL_PEER_DIR ?? '')
fs.mkdirSync(outbox, { recursive: true })

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const message = {
        receivedAt: new Date().toISOString(),
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
        links: linksInMessage(raw),
        raw,
      }
      fs.writeFileSync(path.join(outbox, `${Date.now()}-${crypto.randomUUID()}.json`), JSON.stringify(message, null, 2))
      callback()
    })
  },
})

server.listen(port, '127.0.0.1', () => console.log(`SMTP peer on 127.0.0.1:${port}, writing to ${outbox}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
