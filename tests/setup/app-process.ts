import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { freePort } from './free-port.ts'

export interface AppProcess {
  url: string
  pid: number
  dataDir: string
  output: () => string
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>
  /** SIGKILL: the process ends at once, as in a power cut of the process alone. */
  crash: () => Promise<void>
}

/** The server as installed: vitest's TEST=true would turn off Better Auth's origin and CSRF checks. */
function productionEnv(): NodeJS.ProcessEnv {
  // One process unless the run asks for more (WEB_CONCURRENCY=2 npx vitest run --project server): every test then runs against workers.
  return { ...process.env, NODE_ENV: 'production', TEST: '', WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1' }
}

/**
 * The tests of the process itself (kill -9, backup while running, graceful stop, restart) start the server with
 * two worker processes whatever the run asks: what they show must hold for several processes on one data folder,
 * and the rest of the suite stays at one process, the cheaper start.
 */
export const SEVERAL_WORKERS = { WEB_CONCURRENCY: '2' }
/** For a test that starts servers with SEVERAL_WORKERS: each loads the app twice on the test machine's few cores. */
export const SEVERAL_WORKERS_TIMEOUT_MS = 120_000

/** Several workers load the app side by side, on the test machine's few cores: they may take longer to start. */
function startTimeoutMs(env: Record<string, string>) {
  return Number(env.WEB_CONCURRENCY ?? productionEnv().WEB_CONCURRENCY) > 1 ? 90_000 : 30_000
}

/**
 * Every server this test file started. A test that times out while its server is still starting never gets
 * to stop it: left running (with its workers), it took the machine's cores from the tests after it, which
 * then timed out too. Registered here, on import, so it runs after the file's own hooks have stopped theirs.
 */
const started = new Set<ChildProcess>()
afterAll(() => {
  // A primary killed takes its workers with it.
  for (const child of started) child.kill('SIGKILL')
})

/** Starts the production build (`node server.js`) as its own process, like `npm run serve`. */
export async function startApp(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<AppProcess> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'school-app-'))
  const port = await freePort()
  const url = `http://localhost:${port}`
  let output = ''
  const child: ChildProcess = spawn(process.execPath, ['server.js'], {
    env: { ...productionEnv(), PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  started.add(child)
  void exited.then(() => started.delete(child))

  await new Promise<void>((resolve, reject) => {
    // A server that never says it listens is killed, so a failed start leaves no process behind.
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`app did not start:\n${output}`))
    }, startTimeoutMs(env))
    const check = () => {
      if (output.includes('listening on')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', check)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`app exited with ${code}:\n${output}`))
    })
  })

  return {
    url,
    pid: child.pid!,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      return exited
    },
    crash: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
  }
}

/** A process's exit code once what it printed has been read too: at 'exit' its pipes may still hold output. */
function exitedWithAllOutput(child: ChildProcess) {
  return new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
}

/** Runs the server expecting it to fail at start-up; returns exit code and output. */
export async function startAppExpectingFailure(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-app-'))
  const child = spawn(process.execPath, ['server.js'], {
    env: { ...productionEnv(), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await exitedWithAllOutput(child)
  return { code, output }
}

/** Reads server-sent events from a streaming response as they arrive. */
export function readEvents(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  return {
    async next(timeoutMs = 10_000): Promise<{ event: string; data: string }> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const end = buffer.indexOf('\n\n')
        if (end !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event = /^event: (.*)$/m.exec(block)?.[1]
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (event && data !== undefined) return { event, data }
          continue
        }
        const remaining = deadline - Date.now()
        if (remaining <= 0) throw new Error('no event arrived in time')
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event arrived in time')), remaining)),
        ])
        if (chunk.done) throw new Error('event stream ended')
        buffer += chunk.value
      }
    },
    cancel: () => reader.cancel(),
  }
}

export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

export async function signIn(app: AppProcess, email: string, password: string) {
  const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ email, password }),
  })
  return { status: response.status, cookie: cookieFrom(response) }
}

/** Runs one of the site's command-line scripts (backup, restore, migrate-data) to its end. */
export async function runSiteScript(script: 'backup' | 'restore' | 'migrate-data', args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [`scripts/site/${script}.ts`, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await exitedWithAllOutput(child)
  return { code, output }
}
