import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '#tests/setup/free-port.ts'
import { buildIsCurrent, stampBuild } from '../build/build-freshness.ts'

const START_TIMEOUT_MS = 60_000
// The app finishes open requests for up to 10 s on SIGTERM (server.js); past that it is killed.
const STOP_TIMEOUT_MS = 15_000
/** Every process this run started, so that a failure or Ctrl-C stops them all. */
const running = new Set<ChildProcess>()

/** Builds when the build is missing or older than the sources, so that the figures are those of the code as it is. */
export function ensureBuild(buildDir: string) {
  if (buildIsCurrent(process.cwd(), path.resolve(buildDir))) return
  console.error(`No build of the current sources in ${buildDir}: building.`)
  const startedAt = Date.now()
  const built = spawnSync(path.resolve('node_modules/.bin/react-router'), ['build'], { stdio: 'inherit', env: { ...process.env, BUILD_DIR: buildDir } })
  if (built.status !== 0) throw new Error('The build failed')
  // Stamped as `npm start` stamps it, so that the start-up figures include no build.
  stampBuild(path.resolve(buildDir), startedAt)
}

export interface Service {
  url: string
  /** The process started (with workers, their primary). */
  pid?: number
  stop(): Promise<void>
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
    await exited
    clearTimeout(killer)
  }
  running.delete(child)
}

/** Stops whatever is still running; safe to call more than once. */
export async function stopAll() {
  await Promise.all([...running].map(stopProcess))
}

/**
 * Starts a long-running process and waits until `readyUrl` answers 2xx. Its output goes to `logFile`, not
 * through this process: reading a busy server's request log here would take CPU from the load generator.
 */
export async function startService(command: string, args: string[], options: { url: string; readyUrl: string; logFile: string; env?: Record<string, string> }): Promise<Service> {
  const log = fs.openSync(options.logFile, 'a')
  const child = spawn(command, args, { env: { ...process.env, ...options.env }, stdio: ['ignore', log, log] })
  fs.closeSync(log)
  running.add(child)
  const failure = (reason: string) => new Error(`${command} ${reason}; the end of its output:\n${fs.readFileSync(options.logFile, 'utf8').slice(-4000)}`)
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null) throw failure(`exited with code ${child.exitCode}`)
    if (Date.now() > deadline) throw failure(`did not answer at ${options.readyUrl} within ${START_TIMEOUT_MS / 1000} s`)
    const ready = await fetch(options.readyUrl).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) return { url: options.url, pid: child.pid, stop: () => stopProcess(child) }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The production server on a fresh data folder: demo content is seeded, nothing is random that matters. */
export async function startSite(buildDir: string, dataDir: string, logFile: string, extraEnv: Record<string, string> = {}): Promise<Service> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  return startService(process.execPath, ['server.js'], {
    url,
    readyUrl: `${url}/healthz`,
    logFile,
    // Request logging stays on (LOG_LEVEL info), as in a deployment; it goes to the log file.
    env: {
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-admin-password',
      AUTH_RATE_LIMIT: 'false',
      // One process, as nginx has one worker beside it; the workers section sets its own.
      WEB_CONCURRENCY: '1',
      ...extraEnv,
    },
  })
}

/**
 * Runs one part of the bench on its own (`node scripts/bench/<part>.ts`) when `moduleUrl` is the script
 * Node was started with: a fresh folder, the build as it is, and every process stopped at the end.
 */
export async function runAlone(moduleUrl: string, name: string, measure: (buildDir: string, folder: string) => Promise<void>) {
  if (moduleUrl !== `file://${process.argv[1]}`) return
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `school-bench-${name}-`))
  try {
    const buildDir = process.env.BUILD_DIR ?? 'build'
    ensureBuild(buildDir)
    await measure(buildDir, folder)
  } finally {
    await stopAll()
    fs.rmSync(folder, { recursive: true, force: true })
  }
}
