import type { TableName } from '#db/database.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'

/** What `work` returns, and the change events of `tables` published while it ran. */
export async function withChangesOf<T>(tables: readonly TableName[], work: () => Promise<T>): Promise<{ result: T; changes: Change[] }> {
  const changes: Change[] = []
  const unsubscribe = changeFeed.subscribe(tables, (change) => changes.push(change))
  try {
    return { result: await work(), changes }
  } finally {
    unsubscribe()
  }
}

/** The change events of `tables` published while `work` ran. */
export async function changesDuring(tables: readonly TableName[], work: () => Promise<unknown>): Promise<Change[]> {
  return (await withChangesOf(tables, work)).changes
}
