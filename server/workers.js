// Several worker processes on one machine (node:cluster), in plain JavaScript
// because server.js loads it before any bundle: the primary stays small and
// never loads the app. See docs/decisions/033-worker-processes.md.
import cluster from 'node:cluster'
import os from 'node:os'

/** More workers than this rarely pays on the small servers a school has, and each costs its own memory. */
const MOST_DEFAULT_WORKERS = 4
/**
 * What one worker needs at the least (the app, its caches, pages being rendered), for MEMORY_LIMIT_MB's default
 * worker count: a worker holds about 200 MB after the bench's load.
 */
const LEAST_MB_PER_WORKER = 200
/**
 * What each process uses besides V8's heap (Node's own code, SQLite, zlib's buffers, glibc's arenas), page cache
 * apart: measured as resident memory less V8's heap, 76 MB after a start and 114–135 MB after a load.
 */
const OUTSIDE_HEAP_MB = 120
/** PAGE_CACHE_MB's default (app/lib/env.server.ts): the cache's bodies are Buffers, outside V8's heap. */
const DEFAULT_PAGE_CACHE_MB = 32
/**
 * V8's young generation is two semi-spaces of at most this. Node's default grows with the machine's memory
 * (64 MB each on a large one): a server that renders pages of a few hundred KB gains little from it, and a
 * start-up alone fills it, so it kept 128 MB of every process for good.
 */
const SEMI_SPACE_MB = 8
/** Blocks of memory from this size up are the system's own (mmap), handed back as soon as they are freed. */
const MMAP_THRESHOLD_BYTES = 128 * 1024
/**
 * Each process's V8 heap cap when MEMORY_LIMIT_MB is unset: four times what a process holds after start,
 * room for the page cache and many pages rendered at once, where V8's own default grows with the machine
 * (4 GB on a large one) and lets a process grow long before it collects.
 */
const DEFAULT_HEAP_MB = 256
/** A worker that stops sooner than this after it started is restarted after a growing pause, so a crash loop does not spin. */
const STEADY_AFTER_MS = 10_000
const LONGEST_RESTART_PAUSE_MS = 30_000
/** The message kind of a relayed change (app/lib/change-feed.server.ts, RELAYED_CHANGE). */
const RELAYED_CHANGE = 'school-change'

const START = 'SCHOOL_WORKER_START'
const SLOT = 'SCHOOL_WORKER_SLOT'
/** Worker 1 to the primary, then the primary to the others: the start-up work is done. */
const SET_UP = 'school-set-up'

function readWhole(env, name, least, most, problems) {
  const text = env[name]?.trim()
  if (!text) return undefined
  const value = Number(text)
  if (Number.isInteger(value) && value >= least && value <= most) return value
  problems.push(`  ${name}: must be a whole number from ${least} to ${most}`)
  return undefined
}

/** PAGE_CACHE_MB as the app reads it; a wrong value is the app's to report, so it counts as the default here. */
function pageCacheMb(env) {
  const value = Number(env.PAGE_CACHE_MB?.trim() || DEFAULT_PAGE_CACHE_MB)
  return Number.isInteger(value) && value >= 0 && value <= 4096 ? value : DEFAULT_PAGE_CACHE_MB
}

/**
 * WEB_CONCURRENCY worker processes (default: the cores, at most 4, and no more than MEMORY_LIMIT_MB
 * holds at 200 MB each); MEMORY_LIMIT_MB is the whole server's memory (primary and workers together), and
 * sets each process's heap cap (`heapMb`): its share less what it uses outside the heap and its page cache;
 * else 256 MB.
 */
export function workerSettings(env = process.env) {
  const problems = []
  const memoryLimitMb = readWhole(env, 'MEMORY_LIMIT_MB', 128, 1_048_576, problems)
  let workers = readWhole(env, 'WEB_CONCURRENCY', 1, 64, problems)
  if (problems.length) return { problems }
  const byMemory = memoryLimitMb ? Math.max(1, Math.floor(memoryLimitMb / LEAST_MB_PER_WORKER)) : Infinity
  workers ??= Math.max(1, Math.min(os.availableParallelism(), MOST_DEFAULT_WORKERS, byMemory))
  // With a primary, it takes its share of the limit first; the rest is split among the workers.
  const share = memoryLimitMb ? Math.floor((memoryLimitMb - (workers > 1 ? 50 : 0)) / workers) : 0
  const heapMb = memoryLimitMb ? Math.max(64, share - OUTSIDE_HEAP_MB - pageCacheMb(env)) : DEFAULT_HEAP_MB
  return { workers, memoryLimitMb, heapMb, problems }
}

/**
 * What this process is: `single` (one process, no primary), `primary` (forks the workers) or `worker`.
 * A worker's `start` says when it may begin: `setup` (worker 1 at first: it runs the once-per-start work),
 * `wait` (the others at first: they load the app meanwhile, then wait for worker 1) or `now` (a replacement).
 * Worker 1 also runs the once-per-machine jobs.
 */
export function processRole(env = process.env, development = false) {
  if (cluster.isWorker) return { role: 'worker', slot: Number(env[SLOT] ?? 0), start: env[START] ?? 'now' }
  if (development) return { role: 'single', slot: 1, start: 'setup' }
  const settings = workerSettings(env)
  if (settings.problems.length) {
    console.error(`Invalid configuration:\n${settings.problems.join('\n')}`)
    process.exit(1)
  }
  return { role: settings.workers > 1 ? 'primary' : 'single', slot: 1, start: 'setup', settings }
}

/**
 * What a server process must start with to stay small, less what it was already given (on the command line
 * or in NODE_OPTIONS, which win): V8's young generation and heap cap, and glibc's allocator kept from holding
 * on to what sharp frees (two arenas instead of one per thread, large blocks from the system): tens of MB.
 * All are fixed when a process starts.
 */
export function memoryFlags({ heapMb }, env = process.env, execArgv = process.execArgv) {
  const given = `${execArgv.join(' ')} ${env.NODE_OPTIONS ?? ''}`
  const flags = []
  if (!/--max-semi-space-size\b/.test(given)) flags.push(`--max-semi-space-size=${SEMI_SPACE_MB}`)
  if (!/--max-old-space-size\b/.test(given)) flags.push(`--max-old-space-size=${heapMb}`)
  const malloc = {}
  if (!env.MALLOC_ARENA_MAX) malloc.MALLOC_ARENA_MAX = '2'
  // A fixed threshold: glibc otherwise raises it after the first large free (a decoded image), and every later
  // image's buffers stay in the process's heap after they are freed.
  if (!env.MALLOC_MMAP_THRESHOLD_) malloc.MALLOC_MMAP_THRESHOLD_ = String(MMAP_THRESHOLD_BYTES)
  return { flags, env: malloc }
}

/**
 * Starts this process again in its own place (same pid, same output) with memoryFlags when it lacks them,
 * before it loads anything; a worker inherits them from its primary. Where Node cannot (Windows), the
 * primary still passes them to its workers.
 */
export function restartWithMemoryFlags(settings) {
  const { flags, env } = memoryFlags(settings)
  if ((!flags.length && !Object.keys(env).length) || typeof process.execve !== 'function') return
  process.execve(process.execPath, [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, ...env })
}

/** In a `wait` worker: resolves once worker 1 has done the start-up work. */
export function setUpElsewhere() {
  return new Promise((resolve) => {
    const onMessage = (message) => {
      if (message?.type !== SET_UP) return
      process.off('message', onMessage)
      resolve()
    }
    process.on('message', onMessage)
  })
}

/**
 * In worker 1: tells the primary the start-up work is done, whether this worker leaves now for a fresh one, and
 * what the person starting the site must read once it listens (`notice`, or null).
 */
export function reportSetUp({ leaving, notice }) {
  process.send?.({ type: SET_UP, leaving, notice })
}

/** A log line in the shape the app's log has (app/lib/logger.server.ts), for the primary that does not load it. */
function log(level, msg) {
  const line = JSON.stringify({ level, time: new Date().toISOString(), pid: process.pid, msg })
  if (level === 'info') console.log(line)
  else console.error(line)
}

/**
 * The primary: forks `workers` workers that share one port. Worker 1 runs the start-up work alone
 * (migrations, a new site's content and first administrator, whose password is printed there and
 * only there) while the others load the app; then they start too. The primary passes each worker's
 * changes to the others, restarts a worker that stops, and on SIGTERM or SIGINT lets every worker
 * finish its open requests before it exits. It never loads the app, so it stays small.
 */
export function runPrimary(settings) {
  const { workers } = settings
  // Nothing left to add once restartWithMemoryFlags has run.
  const memory = memoryFlags(settings)
  cluster.setupPrimary({ execArgv: [...memory.flags, ...process.execArgv] })
  let stopping = false
  let setUp = false
  let notice = null
  let waitingToListen = workers
  const living = new Set()
  const restarts = new Map()

  function stop(signal) {
    if (stopping) return
    stopping = true
    for (const worker of living) worker.process.kill(signal)
    if (living.size === 0) process.exit(0)
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))

  function fork(slot) {
    const startedAt = Date.now()
    const start = setUp ? 'now' : slot === 1 ? 'setup' : 'wait'
    const worker = cluster.fork({ ...memory.env, [START]: start, [SLOT]: String(slot) })
    living.add(worker)
    let leaving = false
    worker.on('message', (message) => {
      if (message?.type === SET_UP) {
        setUp = true
        leaving = message.leaving === true
        notice = typeof message.notice === 'string' ? message.notice : null
        for (const other of living) if (other !== worker && other.isConnected()) other.send({ type: SET_UP })
      }
      if (message?.type !== RELAYED_CHANGE) return
      for (const other of living) {
        if (other !== worker && other.isConnected()) other.send(message)
      }
    })
    worker.once('listening', (address) => {
      waitingToListen -= 1
      if (waitingToListen !== 0) return
      log('info', `School website listening on http://localhost:${address.port} (${workers} worker processes)`)
      // Last, so that it is what the person starting the site sees: the first administrator's password.
      if (notice) console.log(notice)
    })
    worker.once('exit', (code, signal) => {
      living.delete(worker)
      // The start-up work failed (a bad setting, no database): its message is printed; the others cannot start.
      if (start === 'setup' && !setUp && !stopping) {
        stop('SIGTERM')
        process.exitCode = code || 1
      }
      if (stopping) {
        if (living.size === 0) process.exit()
        return
      }
      if (leaving && code === 0) return fork(slot)
      const quick = Date.now() - startedAt < STEADY_AFTER_MS
      const failures = quick ? (restarts.get(slot) ?? 0) + 1 : 0
      restarts.set(slot, failures)
      const pause = quick ? Math.min(LONGEST_RESTART_PAUSE_MS, 500 * 2 ** failures) : 0
      log('error', `Worker ${slot} (pid ${worker.process.pid}) stopped (${signal ?? `exit code ${code}`}); starting another${pause ? ` in ${pause / 1000} s` : ''}.`)
      setTimeout(() => {
        if (!stopping) fork(slot)
      }, pause)
    })
  }

  for (let slot = 1; slot <= workers; slot += 1) fork(slot)
}
