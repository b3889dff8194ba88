import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, expect, inject, test } from 'vitest'
import { connectDatabase, type DatabaseHandle, type DatabaseTarget } from '#db/connect.ts'
import { SEVERAL_WORKERS, SEVERAL_WORKERS_TIMEOUT_MS, startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { createTestDatabase } from '#tests/setup/postgres-global.ts'
import { startSmtpPeer, type SmtpPeer } from '#tests/setup/smtp-peer.ts'

const cleanUp: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const step of cleanUp.splice(0).reverse()) await step().catch(() => {})
})

/** Migrates the database the app will use and writes `count` prepared mails into its outbox, as a publish would. */
async function queueMails(target: DatabaseTarget, count: number, label: string): Promise<{ handle: DatabaseHandle; ids: string[] }> {
  const handle = connectDatabase(target)
  await handle.migrate()
  const ids = Array.from({ length: count }, () => crypto.randomUUID())
  await handle.db
    .insertInto('outbox_messages')
    .values(
      ids.map((id, n) => ({
        id,
        kind: 'prepared-mail',
        channel: 'mail' as const,
        recipient: `family${n}@${label}.test`,
        dedupe_key: `${label}:${n}`,
        data: JSON.stringify({ subject: `News ${n}`, text: 'The fair is on Saturday.', html: '<p>The fair is on Saturday.</p>' }),
        deliver_after: new Date().toISOString(),
      })),
    )
    .execute()
  return { handle, ids }
}

function messageIdsOf(peer: SmtpPeer) {
  return peer.accepted.map((mail) => /^<([^@]+)@/.exec(mail.messageId)?.[1])
}

async function waitUntilAllSent(handle: DatabaseHandle, count: number, timeoutMs = 40_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { sent } = await handle.db
      .selectFrom('outbox_messages')
      .select(sql<number>`count(*)`.as('sent'))
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow()
    if (Number(sent) === count) return
    if (Date.now() > deadline) throw new Error(`only ${sent} of ${count} messages were sent in time`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const mailEnv = (peer: SmtpPeer) => ({ SMTP_URL: peer.url, MAIL_RATE_PER_MINUTE: '100000' })

test('a server killed (SIGKILL) in the middle of a send loses no mail and, started again, sends each mail once', { timeout: SEVERAL_WORKERS_TIMEOUT_MS }, async () => {
  const COUNT = 60
  const KILLED_AT = 20
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-outbox-'))
  const { handle, ids } = await queueMails({ engine: 'sqlite', file: path.join(dataDir, 'school.sqlite') }, COUNT, 'killed')
  cleanUp.push(() => handle.destroy())

  let listening: (app: AppProcess) => void
  const started = new Promise<AppProcess>((resolve) => (listening = resolve))
  let killed: () => void
  const pluggedOut = new Promise<void>((resolve) => (killed = resolve))
  // The peer pulls the plug when the 20th mail arrives, before answering it: that mail was in flight, not delivered.
  const peer = await startSmtpPeer({
    async beforeAnswer(_raw, n) {
      if (n !== KILLED_AT) return 'answer'
      // The worker may get this far before the server says it listens: its process id is known only then.
      process.kill((await started).pid, 'SIGKILL')
      killed()
      return 'hang'
    },
  })
  cleanUp.push(() => peer.close())

  const app = await startApp({ ...mailEnv(peer), ...SEVERAL_WORKERS }, { dataDir })
  listening!(app)
  await pluggedOut
  // Already killed: this only waits for the process to be gone.
  await app.crash()
  expect(peer.accepted).toHaveLength(KILLED_AT - 1)
  const statuses = await handle.db.selectFrom('outbox_messages').select(['status', sql<number>`count(*)`.as('count')]).groupBy('status').execute()
  // Every mail answered before the kill is recorded as sent; the one in flight is still claimed.
  expect(Object.fromEntries(statuses.map(({ status, count }) => [status, Number(count)]))).toEqual({ sent: KILLED_AT - 1, sending: expect.any(Number), pending: expect.any(Number) })

  const again = await startApp({ ...mailEnv(peer), ...SEVERAL_WORKERS }, { dataDir })
  cleanUp.push(() => again.stop())
  await waitUntilAllSent(handle, COUNT)

  const delivered = messageIdsOf(peer)
  expect(delivered).toHaveLength(COUNT)
  expect(new Set(delivered)).toEqual(new Set(ids))
  // The restarted server took back at once what the killed one had claimed (SQLite: one process per file), without waiting for the lease.
  expect(again.output()).not.toMatch(/"level":"(error|warn)"/)
})

test('two server processes on one PostgreSQL share the outbox: each mail goes out once', async () => {
  const COUNT = 300
  const url = await createTestDatabase(inject('postgresAdminUrl'))
  const { handle, ids } = await queueMails({ engine: 'postgres', url }, COUNT, 'shared')
  cleanUp.push(() => handle.destroy())
  const peer = await startSmtpPeer()
  cleanUp.push(() => peer.close())

  const env = { ...mailEnv(peer), DATABASE_URL: url, AUTH_SECRET: 'shared-secret-of-all-instances-0123456789' }
  const [a, b] = await Promise.all([startApp(env), startApp(env)])
  cleanUp.push(() => a.stop(), () => b.stop())
  await waitUntilAllSent(handle, COUNT)

  // A mail queued later, by a write on neither instance, is picked up when its NOTIFY arrives.
  const late = crypto.randomUUID()
  await handle.db
    .insertInto('outbox_messages')
    .values({ id: late, kind: 'prepared-mail', channel: 'mail', recipient: 'late@shared.test', dedupe_key: 'shared:late', data: JSON.stringify({ subject: 'Late', text: 'x', html: '<p>x</p>' }), deliver_after: new Date().toISOString() })
    .execute()
  await sql`select pg_notify('school_changes', ${JSON.stringify({ table: 'outbox_messages', type: 'insert', id: 'queued', origin: 'test' })})`.execute(handle.db)
  await waitUntilAllSent(handle, COUNT + 1, 10_000)

  const delivered = messageIdsOf(peer)
  expect(delivered).toHaveLength(COUNT + 1)
  expect(new Set(delivered)).toEqual(new Set([...ids, late]))
})
