import { AsyncLocalStorage } from 'node:async_hooks'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '#db/database.ts'
import type { Change } from './change-feed.server.ts'
import { publishChanges } from './changes.server.ts'
import { db } from './db.server.ts'
import { logger } from './logger.server.ts'
import { storage } from './storage/storage.server.ts'
import { removeStoredFiles } from './uploads/uploads.server.ts'

type StoredFileUrl = string | null | undefined

/**
 * One write in progress. Every query of the write goes through `db` (on
 * SQLite the transaction holds the only connection: a query on the global
 * handle would wait for it forever). What the write means for the outside
 * world (change-feed events, removing files no row points at any more) is
 * queued here and happens only once the transaction has committed.
 */
export interface WriteTransaction {
  readonly db: Transaction<Database>
  /** Tells change-feed subscribers about these rows after commit. */
  publish(...changes: Change[]): void
  /** Removes these stored files (with an image's width copies) after commit. */
  removeFilesAfterCommit(...urls: StoredFileUrl[]): void
  /** Removes these files, stored for this write before it began, if the write does not commit. */
  discardOnRollback(...urls: StoredFileUrl[]): void
  /** Any other consequence that must wait for the commit. Its failure is logged: the write stands. */
  afterCommit(effect: () => Promise<void> | void): void
}

const activeTransaction = new AsyncLocalStorage<WriteTransaction>()

/**
 * Where a read that may run inside a write must go: the write's transaction when there is one (on SQLite it holds
 * the only connection, so a read on the global handle would wait for it forever), else the global handle.
 */
export function currentReader(): Kysely<Database> {
  return activeTransaction.getStore()?.db ?? db
}

/**
 * Work that must happen inside every write, after its own queries and before
 * the commit, from the rows the write published: data derived from those rows
 * (the site search index) commits or rolls back with them. Registered by the
 * module that owns that data, so this helper knows nothing of it.
 */
export type BeforeCommitStep = (tx: WriteTransaction, changes: readonly Change[]) => Promise<void>
const beforeCommitSteps = new Set<BeforeCommitStep>()

/** Runs `step` before every write commits from now on (once, however often registered); returns how to stop it. */
export function addBeforeCommitStep(step: BeforeCommitStep): () => void {
  beforeCommitSteps.add(step)
  return () => void beforeCommitSteps.delete(step)
}

export interface WriteOptions {
  /** Files stored for this write just before it: removed again if it does not commit. */
  uploads?: StoredFileUrl[]
}

/**
 * Runs `work` in one database transaction and, only after it commits, its
 * change-feed events, file removals and other queued effects. A throw (a
 * `DomainError` or anything else) rolls back, drops the queued effects and
 * removes the files uploaded for the write. Called inside another write, it
 * joins that one: its effects wait for the outer commit.
 */
export async function writeTransaction<T>(work: (tx: WriteTransaction) => Promise<T>, options: WriteOptions = {}): Promise<T> {
  const outer = activeTransaction.getStore()
  if (outer) {
    outer.discardOnRollback(...(options.uploads ?? []))
    return work(outer)
  }
  const changes: Change[] = []
  const filesToRemove: string[] = []
  const filesOfRollback: string[] = (options.uploads ?? []).filter((url): url is string => Boolean(url))
  const effects: Array<() => Promise<void> | void> = []
  let result: T
  try {
    result = await db.transaction().execute(async (trx) => {
      const tx: WriteTransaction = {
        db: trx,
        publish: (...more) => void changes.push(...more),
        removeFilesAfterCommit: (...urls) => void filesToRemove.push(...urls.filter((url): url is string => Boolean(url))),
        discardOnRollback: (...urls) => void filesOfRollback.push(...urls.filter((url): url is string => Boolean(url))),
        afterCommit: (effect) => void effects.push(effect),
      }
      return activeTransaction.run(tx, async () => {
        const value = await work(tx)
        for (const step of beforeCommitSteps) await step(tx, uniqueChanges(changes))
        return value
      })
    })
  } catch (error) {
    await removeStoredFiles(storage, filesOfRollback)
    throw error
  }
  await publishChanges(...uniqueChanges(changes))
  await removeStoredFiles(storage, filesToRemove)
  for (const effect of effects) {
    try {
      await effect()
    } catch (error) {
      logger.error({ err: error }, 'a committed write could not finish one of its follow-up steps')
    }
  }
  return result
}

function uniqueChanges(changes: Change[]): Change[] {
  const seen = new Map<string, Change>()
  for (const change of changes) seen.set(`${change.table}\u0000${change.type}\u0000${change.id}`, change)
  return [...seen.values()]
}

/**
 * Queues the removal of a file a row has let go of, once the write commits:
 * only a file under `ownFolder` (one this kind of row uploaded; a gallery
 * image it merely showed stays) and only when `stillShown` finds no other row
 * still pointing at it.
 */
export async function removeFileOnceUnused(
  tx: WriteTransaction,
  url: string | null,
  ownFolder: string,
  stillShown: (url: string) => Promise<unknown>,
): Promise<void> {
  if (!url?.startsWith(ownFolder)) return
  if (!(await stillShown(url))) tx.removeFilesAfterCommit(url)
}
