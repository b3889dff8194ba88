import cluster from 'node:cluster'
import { clusterRelay, createLocalChangeFeed, createPostgresChangeFeed, type Change } from './change-feed.server.ts'
import { database } from './db.server.ts'
import { config } from './env.server.ts'
import { singleton } from './singleton.server.ts'

export const changeFeed = singleton('changeFeed', () =>
  config.database.engine === 'postgres' && database.pool
    ? createPostgresChangeFeed(database.pool, config.database.url)
    : // PostgreSQL's NOTIFY already reaches every process; on SQLite a worker's peers hear through the primary.
      createLocalChangeFeed(cluster.isWorker ? clusterRelay() : undefined),
)

/** Tells subscribers about committed writes. Domain functions call this after each write. */
export async function publishChanges(...changes: Change[]) {
  for (const change of changes) await changeFeed.publish(change)
}
