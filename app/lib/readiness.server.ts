import { sql } from 'kysely'
import { db } from './db.server.ts'
import { logger } from './logger.server.ts'
import { onShutdown } from './shutdown.server.ts'
import { singleton } from './singleton.server.ts'
import { storage } from './storage/storage.server.ts'

/** A dependency that takes longer than this to answer counts as down: a load balancer must not wait on us. */
const CHECK_TIMEOUT_MS = 2_000

type CheckResult = 'ok' | 'unreachable'

export interface Readiness {
  status: 'ready' | 'unavailable' | 'stopping'
  checks: { database: CheckResult; storage: CheckResult }
}

const state = singleton('readiness', () => {
  const current = { stopping: false }
  // A stopping instance says so, so the load balancer sends new visitors elsewhere while it finishes.
  onShutdown(() => (current.stopping = true))
  return current
})

async function check(name: string, probe: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
  })
  try {
    await Promise.race([probe(), timeout])
    return 'ok'
  } catch (error) {
    logger.warn({ check: name, reason: (error as Error).message }, 'readiness check failed')
    return 'unreachable'
  } finally {
    clearTimeout(timer)
  }
}

/** Whether this instance can serve the site: its database and file storage both answer. */
export async function checkReadiness(): Promise<Readiness> {
  const [database, files] = await Promise.all([check('database', () => sql`select 1`.execute(db)), check('storage', () => storage.ping())])
  const checks = { database, storage: files }
  if (state.stopping) return { status: 'stopping', checks }
  return { status: database === 'ok' && files === 'ok' ? 'ready' : 'unavailable', checks }
}
