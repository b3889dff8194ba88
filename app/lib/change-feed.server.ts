import { EventEmitter } from 'node:events'
import pg from 'pg'
import type { TableName } from '#db/database.ts'
import { logger } from './logger.server.ts'

export type ChangeType = 'insert' | 'update' | 'delete'

export interface Change {
  table: TableName
  type: ChangeType
  id: string
}

export type ChangeListener = (change: Change) => void

export interface ChangeFeed {
  /** Call after the write has committed. */
  publish(change: Change): Promise<void>
  /**
   * Tells this process's subscribers only: for a change every instance sees
   * for itself at the same moment (a scheduled post going live), so that
   * other instances are not told N times.
   */
  announceLocally(change: Change): void
  subscribe(tables: readonly TableName[], listener: ChangeListener): () => void
  close(): Promise<void>
}

const CHANNEL = 'school_changes'

function createLocalFanOut() {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  return {
    emit: (change: Change) => emitter.emit('change', change),
    subscribe(tables: readonly TableName[], listener: ChangeListener) {
      const filtered = (change: Change) => {
        if (tables.includes(change.table)) listener(change)
      }
      emitter.on('change', filtered)
      return () => {
        emitter.off('change', filtered)
      }
    },
  }
}

/** How the server's worker processes pass changes to each other (see server/workers.js). */
export interface ChangeRelay {
  send(change: Change): void
  /** Calls `listener` with the changes other processes sent; returns how to stop. */
  receive(listener: (change: Change) => void): () => void
}

/** The message a worker sends its primary, and the primary passes to every other worker. */
export const RELAYED_CHANGE = 'school-change'

/**
 * Through the IPC channel node:cluster gives a worker: the primary passes each
 * message on to the other workers, so a write in one worker reaches every
 * worker's subscribers.
 */
export function clusterRelay(): ChangeRelay {
  return {
    send(change) {
      // The channel is gone once the primary stops: the worker is stopping too.
      if (process.connected) process.send?.({ type: RELAYED_CHANGE, change })
    },
    receive(listener) {
      const onMessage = (message: unknown) => {
        const { type, change } = (message ?? {}) as { type?: unknown; change?: Change }
        if (type === RELAYED_CHANGE && change) listener(change)
      }
      process.on('message', onMessage)
      return () => void process.off('message', onMessage)
    },
  }
}

/** Within one process (the embedded default), or across one machine's worker processes through `relay`. */
export function createLocalChangeFeed(relay?: ChangeRelay): ChangeFeed {
  const fanOut = createLocalFanOut()
  const stopReceiving = relay?.receive((change) => fanOut.emit(change))
  return {
    publish(change) {
      fanOut.emit(change)
      relay?.send(change)
      return Promise.resolve()
    },
    announceLocally: (change) => fanOut.emit(change),
    subscribe: (tables, listener) => fanOut.subscribe(tables, listener),
    close() {
      stopReceiving?.()
      return Promise.resolve()
    },
  }
}

/**
 * Across instances sharing one PostgreSQL: each change is delivered to this
 * process's subscribers at once and sent with NOTIFY; a dedicated LISTEN
 * connection brings other instances' changes (our own are recognised by origin
 * and skipped). The listener reconnects by itself if the database goes away.
 */
export function createPostgresChangeFeed(pool: pg.Pool, connectionString: string) {
  const fanOut = createLocalFanOut()
  const origin = crypto.randomUUID()
  let listener: pg.Client | undefined
  let closed = false
  let retryTimer: NodeJS.Timeout | undefined

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString })
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return
      try {
        const { origin: from, ...change } = JSON.parse(message.payload) as Change & { origin: string }
        if (from !== origin) fanOut.emit(change)
      } catch {
        logger.warn('change feed: ignored a malformed notification')
      }
    })
    client.on('error', () => scheduleReconnect(client))
    client.on('end', () => scheduleReconnect(client))
    await client.connect()
    await client.query(`LISTEN ${CHANNEL}`)
    listener = client
  }

  function scheduleReconnect(client: pg.Client) {
    if (closed || listener !== client || retryTimer) return
    listener = undefined
    client.end().catch(() => {})
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      listen().catch((error: Error) => {
        logger.error({ err: error }, 'change feed: LISTEN reconnect failed')
        if (!closed) retryTimer = setTimeout(() => void listen().catch(() => {}), 2000)
      })
    }, 1000)
  }

  const feed: ChangeFeed & { ready: Promise<void> } = {
    ready: listen(),
    async publish(change) {
      fanOut.emit(change)
      try {
        await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ ...change, origin })])
      } catch (error) {
        // The write itself has committed; other instances catch up on their next read.
        logger.error({ err: error }, 'change feed: NOTIFY failed')
      }
    },
    announceLocally: (change) => fanOut.emit(change),
    subscribe: (tables, listener) => fanOut.subscribe(tables, listener),
    async close() {
      closed = true
      clearTimeout(retryTimer)
      await listener?.end().catch(() => {})
    },
  }
  return feed
}
