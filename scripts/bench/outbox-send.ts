// The outbox under a school-sized send: 5,000 confirmed subscribers, one post's mail to each queued in one
// transaction, delivered by the server's worker to a local SMTP peer, and the public pages' latency while it sends
// compared with at rest. Run on its own with `node scripts/bench/outbox-send.ts`, and by `npm run bench`.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { SMTPServer } from 'smtp-server'
import { connectDatabase } from '#db/connect.ts'
import { ensureBuild, startSite, stopAll } from './processes.ts'
import { measureThroughput, warmUp, type ThroughputFigures } from './throughput.ts'

export const SUBSCRIBERS = 5000
/** The pages a family opens from the mail while it goes out. */
const PAGE = '/blogs'
const CONNECTIONS = 10
const MEASURE_SECONDS = 5

export interface OutboxSendResults {
  subscribers: number
  /** Writing every subscriber's message to the outbox, in one transaction. */
  queueMs: number
  /** From the first mail the peer accepted to the last. */
  deliverMs: number
  mailsPerSecond: number
  /** Mails the peer accepted: each message once, none missing. */
  accepted: number
  distinctMessageIds: number
  duringSend: ThroughputFigures
  atRest: ThroughputFigures
  /** Whether the worker was still sending when the 'during' measurement ended. */
  sendOutlastedMeasurement: boolean
}

/** A local SMTP server that accepts everything and counts Message-IDs, as a mail provider would receive them. */
async function startCountingPeer() {
  const ids: string[] = []
  const times: number[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      let head = ''
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4000) head += chunk.toString('utf8')
      })
      stream.on('end', () => {
        ids.push(/^Message-ID: (.*)$/im.exec(head)?.[1]?.trim() ?? '')
        times.push(performance.now())
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as { port: number }
  return { url: `smtp://127.0.0.1:${port}`, ids, times, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/**
 * The subscribers and their queued mails are written before the server starts (on SQLite another process's
 * write would not wake its worker); the server's worker starts delivering as it starts.
 */
export async function measureOutboxSend(buildDir: string, folder: string): Promise<OutboxSendResults> {
  const dataDir = path.join(folder, 'outbox-data')
  const handle = connectDatabase({ engine: 'sqlite', file: path.join(dataDir, 'school.sqlite') })
  const peer = await startCountingPeer()
  try {
    await handle.migrate()
    const now = new Date().toISOString()
    const subscribers = Array.from({ length: SUBSCRIBERS }, (_, n) => ({
      id: crypto.randomUUID(),
      email: `family${n}@bench.test`,
      news: 'instant' as const,
      token: crypto.randomUUID(),
      confirmed_at: now,
    }))
    for (let at = 0; at < subscribers.length; at += 500) await handle.db.insertInto('subscribers').values(subscribers.slice(at, at + 500)).execute()

    // What announcing one post does: one message per confirmed subscriber, in the write that publishes it.
    const postId = crypto.randomUUID()
    const queueStarted = performance.now()
    await handle.db.transaction().execute(async (trx) => {
      const confirmed = await trx.selectFrom('subscribers').select('email').where('news', '=', 'instant').where('confirmed_at', 'is not', null).execute()
      for (let at = 0; at < confirmed.length; at += 500) {
        await trx
          .insertInto('outbox_messages')
          .values(
            confirmed.slice(at, at + 500).map(({ email }) => ({
              id: crypto.randomUUID(),
              kind: 'prepared-mail',
              channel: 'mail' as const,
              recipient: email,
              subject_table: 'blogs',
              subject_id: postId,
              dedupe_key: `bench:${postId}:${email}`,
              data: JSON.stringify({ subject: 'Sports day moves to Friday', text: 'Sports day moves to Friday.', html: '<p>Sports day moves to Friday.</p>' }),
              deliver_after: now,
            })),
          )
          .execute()
      }
    })
    const queueMs = performance.now() - queueStarted

    const site = await startSite(buildDir, dataDir, path.join(folder, 'outbox-site.log'), { SMTP_URL: peer.url, MAIL_RATE_PER_MINUTE: '100000' })
    const duringSend = await measureThroughput(`${site.url}${PAGE}`, CONNECTIONS, MEASURE_SECONDS)
    const sendOutlastedMeasurement = peer.ids.length < SUBSCRIBERS
    const deadline = Date.now() + 10 * 60_000
    while (peer.ids.length < SUBSCRIBERS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200))
    await warmUp(`${site.url}${PAGE}`)
    const atRest = await measureThroughput(`${site.url}${PAGE}`, CONNECTIONS, MEASURE_SECONDS)
    const { sent } = await handle.db
      .selectFrom('outbox_messages')
      .select(sql<number>`count(*)`.as('sent'))
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow()
    if (Number(sent) !== SUBSCRIBERS) console.error(`outbox bench: ${sent} of ${SUBSCRIBERS} rows are marked sent`)
    await site.stop()

    const deliverMs = (peer.times.at(-1) ?? 0) - (peer.times[0] ?? 0)
    return {
      subscribers: SUBSCRIBERS,
      queueMs: Math.round(queueMs),
      deliverMs: Math.round(deliverMs),
      mailsPerSecond: Math.round((peer.ids.length / Math.max(1, deliverMs)) * 1000),
      accepted: peer.ids.length,
      distinctMessageIds: new Set(peer.ids).size,
      duringSend,
      atRest,
      sendOutlastedMeasurement,
    }
  } finally {
    await handle.destroy()
    await peer.close()
  }
}

export function outboxReport(results: OutboxSendResults): string {
  const row = (label: string, figures: ThroughputFigures) => `| ${label} | ${figures.requestsPerSecond} | ${figures.p50.toFixed(1)} | ${figures.p99.toFixed(1)} |`
  return [
    `## Sending one post to ${results.subscribers.toLocaleString('en')} subscribers`,
    '',
    `Queued in one transaction in ${results.queueMs} ms; delivered to a local SMTP peer in ${(results.deliverMs / 1000).toFixed(1)} s (${results.mailsPerSecond} mails/s, MAIL_RATE_PER_MINUTE=100000); ${results.accepted} mails accepted, ${results.distinctMessageIds} distinct Message-IDs.`,
    '',
    `| ${PAGE}, ${CONNECTIONS} connections, ${MEASURE_SECONDS} s | req/s | p50 ms | p99 ms |`,
    '|---|---:|---:|---:|',
    row(results.sendOutlastedMeasurement ? 'While sending' : 'While sending (the send ended before the measurement did)', results.duringSend),
    row('At rest', results.atRest),
    '',
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'school-bench-outbox-'))
  try {
    const buildDir = process.env.BUILD_DIR ?? 'build'
    ensureBuild(buildDir)
    const results = await measureOutboxSend(buildDir, folder)
    console.log(outboxReport(results))
    fs.mkdirSync('.tmp/bench', { recursive: true })
    fs.writeFileSync('.tmp/bench/outbox.json', `${JSON.stringify(results, null, 2)}\n`)
  } finally {
    await stopAll()
    fs.rmSync(folder, { recursive: true, force: true })
  }
}
