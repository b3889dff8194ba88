import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite'
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDatabase, type SqliteDialectConfig, type SqliteStatement, type TransactionSettings } from 'kysely'
import { LRUCache } from 'lru-cache'

/**
 * Kysely's SqliteDialect expects the better-sqlite3 interface; this adapts
 * Node's built-in `node:sqlite` to it, so the embedded default needs no native
 * add-on. Booleans and Dates are bound as SQLite stores them (0/1, ISO text).
 */
function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof Date) return value.toISOString()
  if (value === undefined) return null
  return value as SQLInputValue
}

class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean
  readonly #statement: StatementSync
  readonly #fresh: () => StatementSync

  constructor(statement: StatementSync, fresh: () => StatementSync) {
    this.#statement = statement
    this.#fresh = fresh
    this.reader = statement.columns().length > 0
  }

  all(parameters: ReadonlyArray<unknown>) {
    return this.#statement.all(...parameters.map(toSqliteValue))
  }

  run(parameters: ReadonlyArray<unknown>) {
    return this.#statement.run(...parameters.map(toSqliteValue))
  }

  // A statement being iterated keeps its place until the iteration ends; a statement of its own
  // keeps a cached one free for the same query meanwhile.
  iterate(parameters: ReadonlyArray<unknown>) {
    return this.#fresh().iterate(...parameters.map(toSqliteValue))
  }
}

/**
 * Compiling a statement was a few per cent of the server's time under load, and the app runs the
 * same few hundred queries over and over: the compiled statements of the most recent ones are kept.
 * SQLite recompiles a kept statement by itself after a schema change.
 */
const KEPT_STATEMENTS = 500

class NodeSqliteDatabase implements SqliteDatabase {
  readonly #database: DatabaseSync
  readonly #statements = new LRUCache<string, NodeSqliteStatement>({ max: KEPT_STATEMENTS })

  constructor(database: DatabaseSync) {
    this.#database = database
  }

  prepare(sql: string) {
    let statement = this.#statements.get(sql)
    if (!statement) {
      statement = new NodeSqliteStatement(this.#database.prepare(sql), () => this.#database.prepare(sql))
      this.#statements.set(sql, statement)
    }
    return statement
  }

  close() {
    this.#statements.clear()
    if (this.#database.isOpen) this.#database.close()
  }
}

const OPEN_WAIT_MS = 5000

export function openSqlite(file: string) {
  const database = new DatabaseSync(file, { timeout: OPEN_WAIT_MS })
  useWriteAheadLog(database)
  // NORMAL sync is durable across application crashes in WAL mode (only power loss can drop the last commit).
  database.exec('PRAGMA synchronous = NORMAL')
  database.exec('PRAGMA foreign_keys = ON')
  database.exec(`PRAGMA busy_timeout = ${OPEN_WAIT_MS}`)
  useUnicodeLower(database)
  return database
}

/**
 * SQLite's own lower() folds only A to Z, so a search for 'émile' missed 'Émile' (and even 'été' missed 'ÉTÉ').
 * The site's text filters compare lower(column) with a lower-cased pattern on both engines; this lower() folds
 * every letter, as PostgreSQL's does. No index is built on lower(), so nothing stored depends on either.
 */
function useUnicodeLower(database: DatabaseSync) {
  database.function('lower', { deterministic: true }, (text) => (typeof text === 'string' ? text.toLowerCase() : text))
}

/**
 * WAL lets readers continue while a write commits. The mode is kept in the file, so a file already in it needs
 * no switch. Switching takes the file to itself, and SQLite answers "database is locked" at once, without its
 * busy wait, to a process that asks while another one switches or reads it (a new site's workers opening it
 * together): such a process tries again, within the same wait as any other lock.
 */
function useWriteAheadLog(database: DatabaseSync) {
  const deadline = Date.now() + OPEN_WAIT_MS
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (let waitMs = 5; ; waitMs = Math.min(waitMs * 2, 100)) {
    try {
      if (journalMode(database, 'PRAGMA journal_mode') === 'wal') return
      // An in-memory database answers "memory": it has no file to log beside.
      if (['wal', 'memory'].includes(journalMode(database, 'PRAGMA journal_mode = WAL'))) return
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error
    }
    if (Date.now() >= deadline) throw new Error('database is locked: another process kept it from switching to WAL mode')
    Atomics.wait(pause, 0, 0, waitMs)
  }
}

function journalMode(database: DatabaseSync, pragma: string) {
  return String((database.prepare(pragma).get() as { journal_mode?: unknown } | undefined)?.journal_mode)
}

function isBusy(error: unknown) {
  return error instanceof Error && 'errcode' in error && typeof error.errcode === 'number' && (error.errcode & 0xff) === 5
}

/**
 * Several processes (the server's workers, a backup) write to one file. A
 * transaction that begins as a reader and then writes fails at once with
 * SQLITE_BUSY if another process committed in between (busy_timeout cannot
 * help it), so every transaction takes the write lock when it begins and
 * waits its turn there instead. Read-only transactions stay deferred.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings) {
    // A read-only one (a backup) reads its snapshot without holding up the writers.
    await connection.executeQuery(CompiledQuery.raw(settings?.accessMode === 'read only' ? 'begin' : 'begin immediate'))
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig

  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.#config)
  }
}

export function createSqliteDialect(database: DatabaseSync) {
  return new ImmediateSqliteDialect({ database: new NodeSqliteDatabase(database) })
}
