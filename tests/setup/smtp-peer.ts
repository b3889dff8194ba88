import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A mail the peer accepted (answered 250 to). */
export interface AcceptedMail {
  to: string[]
  messageId: string
  subject: string
  raw: string
}

export interface SmtpPeerOptions {
  /** Refuses a recipient with this SMTP code and text (4xx: try later, 5xx: never). */
  refuse?: (address: string) => { code: number; text: string } | undefined
  /** Runs when the n-th mail's data has arrived, before the peer answers it (1 for the first); 'hang' leaves it unanswered and not accepted. */
  beforeAnswer?: (raw: string, n: number) => 'answer' | 'hang' | Promise<'answer' | 'hang'>
}

export interface SmtpPeer {
  url: string
  accepted: AcceptedMail[]
  close: () => Promise<void>
}

/** A real SMTP server in the test process, to which the app sends over the network as it would to the school's provider. */
export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const accepted: AcceptedMail[] = []
  let received = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address)
      if (!refusal) return callback()
      callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        received += 1
        void Promise.resolve(options.beforeAnswer?.(raw, received)).then((decision) => {
          if (decision === 'hang') return
          accepted.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
            subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
            raw,
          })
          callback()
        })
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Points this test file's app at `peer` (integration tests: the test set-up
 * has read the environment before the file runs, so SMTP_URL set now would
 * come too late). Call before anything creates the mailer.
 */
export async function sendAppMailTo(peer: SmtpPeer) {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> }
  if (store.__singletons?.has('mailer')) throw new Error('the mailer exists already: call sendAppMailTo before importing the mail module')
  const { config } = await import('#app/lib/env.server.ts')
  config.mail.smtpUrl = peer.url
  config.mail.ratePerMinute = 100_000
}
