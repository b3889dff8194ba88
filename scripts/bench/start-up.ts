// `npm start` as a newcomer and an IT person meet it: the first start on a new data folder (build current, demo
// content seeded) until the first page answers, and a restart on the same folder until /healthz and / answer,
// with the site's default worker processes. The median of a few restarts: one is noisy on a busy machine.
// Run on its own with `node scripts/bench/start-up.ts`, and by `npm run bench`.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { freePort } from '#tests/setup/free-port.ts'
import { runAlone } from './processes.ts'

const RESTARTS = 5
/** The goal for a restart (docs/product-rules.md#start-up). */
export const RESTART_TARGET_MS = 2000
/** The goal for a new site's first page, the build done. */
export const FIRST_PAGE_TARGET_MS = 45_000
const GIVE_UP_MS = 120_000

export interface StartUpResults {
  /** From `npm start` on a new data folder to the first 200 of `/`. */
  firstPageMs: number
  /** Each restart: from `npm start` to the first 200 of /healthz and of `/`. */
  restarts: Array<{ healthzMs: number; homeMs: number }>
}

async function answers(url: string) {
  return fetch(url).then(
    (response) => response.ok,
    () => false,
  )
}

/** Milliseconds from `since` until `url` answers 2xx, polling every 20 ms. */
async function untilAnswers(url: string, since: number, child: ChildProcess) {
  while (!(await answers(url))) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`)
    if (performance.now() - since > GIVE_UP_MS) throw new Error(`${url} did not answer within ${GIVE_UP_MS / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return Math.round(performance.now() - since)
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** `npm start` on `dataDir`, as the README has it; resolves once `paths` each answered, with the time of each. */
async function timeStart(buildDir: string, dataDir: string, paths: string[]) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  // npm's own process group: stopping npm alone would leave the server it started.
  const child = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, NODE_ENV: 'production', BUILD_DIR: buildDir, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, WEB_CONCURRENCY: '' },
    stdio: 'ignore',
    detached: true,
  })
  try {
    const times: number[] = []
    for (const page of paths) times.push(await untilAnswers(`${url}${page}`, started, child))
    return times
  } finally {
    process.kill(-child.pid!, 'SIGTERM')
    await stop(child)
  }
}

export async function measureStartUp(buildDir: string, folder: string): Promise<StartUpResults> {
  const dataDir = path.join(folder, 'start-up-data')
  const [firstPageMs] = await timeStart(buildDir, dataDir, ['/'])
  const restarts: StartUpResults['restarts'] = []
  for (let run = 0; run < RESTARTS; run += 1) {
    const [healthzMs, homeMs] = await timeStart(buildDir, dataDir, ['/healthz', '/'])
    restarts.push({ healthzMs: healthzMs!, homeMs: homeMs! })
  }
  return { firstPageMs: firstPageMs!, restarts }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export function startUpReport(results: StartUpResults): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  return [
    '## Start-up (`npm start`, the build current, default worker processes)',
    '',
    `A new site (demo content) answers its first page after ${seconds(results.firstPageMs)} (goal ≤ ${seconds(FIRST_PAGE_TARGET_MS)}). A restart on the same data answers /healthz after ${seconds(median(results.restarts.map((run) => run.healthzMs)))} and / after ${seconds(median(results.restarts.map((run) => run.homeMs)))}, medians of ${results.restarts.length} (goal: /healthz ≤ ${seconds(RESTART_TARGET_MS)}); each restart: ${results.restarts.map((run) => seconds(run.healthzMs)).join(', ')}.`,
    '',
  ].join('\n')
}

await runAlone(import.meta.url, 'start-up', async (buildDir, folder) => {
  console.log(startUpReport(await measureStartUp(buildDir, folder)))
})
