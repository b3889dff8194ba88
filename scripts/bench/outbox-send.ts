// The outbox under a school-sized send: 5,000 confirmed subscribers, one post published through the content
// API (its write queues a mail to each), delivered by the server's worker to a local SMTP peer, and the public pages' latency while it sends
// compared with at rest. Run on its own with `node scripts/bench/outbox-send.ts`, and by `npm run bench`.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { SMTPServer } from 'smtp-server'
import { connectDatabase } from '#db/connect.ts'
import { runAlone, startSite } from './processes.ts'
import { measureThroughput, warmUp, type ThroughputFigures } from './throughput.ts'

export const SUBSCRIBERS = 5000
/** The pages a family opens from the mail while it goes out. */
const PAGE = '/blogs'
const CONNECTIONS = 10
const MEASURE_SECONDS = 5

export interface OutboxSendResults {
  subscribers: number
  /** The publish request through the content API, whose transaction writes every subscriber's message to the outbox. */
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

/** An editor's key for the content API, made the way the IT person makes one. */
function createApiKey(dataDir: string): string {
  const printed = execFileSync('npm', ['run', '--silent', 'api-key', '--', 'create', '--name', 'bench', '--role', 'editor'], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  const key = /\bsw_[A-Za-z]{64}\b/.exec(printed)?.[0]
  if (!key) throw new Error(`npm run api-key printed no key:\n${printed}`)
  return key
}

/**
 * The real path: the site runs with its worker, 5,000 confirmed subscribers
 * are in its database, and one post is published through the content API,
 * whose write queues a mail per subscriber (announce) in the same transaction.
 * The publish request's time is the time to queue.
 */
export async function measureOutboxSend(buildDir: string, folder: string): Promise<OutboxSendResults> {
  const dataDir = path.join(folder, 'outbox-data')
  const peer = await startCountingPeer()
  const site = await startSite(buildDir, dataDir, path.join(folder, 'outbox-site.log'), { SMTP_URL: peer.url, MAIL_RATE_PER_MINUTE: '100000' })
  const handle = connectDatabase({ engine: 'sqlite', file: path.join(dataDir, 'school.sqlite') })
  try {
    const key = createApiKey(dataDir)
    const now = new Date().toISOString()
    const subscribers = Array.from({ length: SUBSCRIBERS }, (_, n) => ({
      id: crypto.randomUUID(),
      email: `family${n}@bench.test`,
      news: 'instant' as const,
      token_hash: crypto.randomUUID(),
      confirmed_at: now,
    }))
    for (let at = 0; at < subscribers.length; at += 500) await handle.db.insertInto('subscribers').values(subscribers.slice(at, at + 500)).execute()

    const queueStarted = performance.now()
    const published = await fetch(`${site.url}/api/v1/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Sports day moves to Friday', slug: 'sports-day-moves-to-friday', content: '<p>Sports day moves to Friday.</p>', excerpt: 'Sports day moves to Friday.' }),
    })
    const queueMs = performance.now() - queueStarted
    if (published.status !== 201) throw new Error(`publishing the post answered ${published.status}: ${await published.text()}`)
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
    `Published through the content API, with its ${results.subscribers.toLocaleString('en')} mails queued in the same transaction, in ${results.queueMs} ms; delivered to a local SMTP peer in ${(results.deliverMs / 1000).toFixed(1)} s (${results.mailsPerSecond} mails/s, MAIL_RATE_PER_MINUTE=100000); ${results.accepted} mails accepted, ${results.distinctMessageIds} distinct Message-IDs.`,
    '',
    `| ${PAGE}, ${CONNECTIONS} connections, ${MEASURE_SECONDS} s | req/s | p50 ms | p99 ms |`,
    '|---|---:|---:|---:|',
    row(results.sendOutlastedMeasurement ? 'While sending' : 'While sending (the send ended before the measurement did)', results.duringSend),
    row('At rest', results.atRest),
    '',
  ].join('\n')
}

await runAlone(import.meta.url, 'outbox', async (buildDir, folder) => {
  const results = await measureOutboxSend(buildDir, folder)
  console.log(outboxReport(results))
  fs.mkdirSync('.tmp/bench', { recursive: true })
  fs.writeFileSync('.tmp/bench/outbox.json', `${JSON.stringify(results, null, 2)}\n`)
})
