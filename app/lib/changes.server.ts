import { createLocalChangeFeed, createPostgresChangeFeed, type Change } from './change-feed.server.ts'
import { database } from './db.server.ts'
import { config } from './env.server.ts'
import { singleton } from './singleton.server.ts'

export const changeFeed = singleton('changeFeed', () =>
  config.database.engine === 'postgres' && database.pool
    ? createPostgresChangeFeed(database.pool, config.database.url)
    : createLocalChangeFeed(),
)

/** Tells subscribers about committed writes. Domain functions call this after each write. */
export async function publishChanges(...changes: Change[]) {
  for (const change of changes) await changeFeed.publish(change)
}
