// The site with one process and with one worker per core (WEB_CONCURRENCY), then one process in a small
// container's MEMORY_LIMIT_MB: requests a second on two pages, and resident memory summed over the server's
// processes (the primary and its workers, from /proc) after a first start (a new site with its demo photos),
// after a restart on the same data, and at the end of the load.
// Run on its own with `node scripts/bench/workers.ts`, and by `npm run bench`.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runAlone, startSite, type Service } from './processes.ts'
import { measureThroughput, warmUp } from './throughput.ts'

const PAGES = ['/', '/blogs'] as const
const CONNECTIONS = 50
/** The goal for one process (docs/product-rules.md#worker-processes-and-memory), and for each worker beside a primary. */
export const TARGET_MB = { afterStart: 200, afterLoad: 300 }
/** A small container's memory for the server alone (docs/product-rules.md#worker-processes-and-memory). */
const SMALL_CONTAINER_MB = 256
/** Memory settles for this long after a start before it is read. */
const SETTLE_MS = 3000

export interface WorkerRun {
  workers: number
  /** MEMORY_LIMIT_MB the run was given, if any. */
  memoryLimitMb?: number
  /** MB summed over the process tree. */
  rssFirstStart: number
  rssRestart: number
  rssAfterLoad: number
  /** Per process after the restart, primary first. */
  rssPerProcess: number[]
  /** Per process at the end of the load, primary first. */
  rssAfterLoadPerProcess: number[]
  pages: Array<{ path: string; requestsPerSecond: number; p99: number }>
}

export interface WorkerResults {
  cores: number
  seconds: number
  runs: WorkerRun[]
}

function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024)
}

/** The server's process and every process under it. */
function processTree(pid: number): number[] {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
  return [pid, ...(children ? children.split(/\s+/).map(Number).flatMap(processTree) : [])]
}

async function settledMemory(site: Service) {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  const perProcess = processTree(site.pid!).map(residentMb)
  return { total: perProcess.reduce((sum, mb) => sum + mb, 0), perProcess }
}

async function measureRun(buildDir: string, folder: string, seconds: number, workers: number, memoryLimitMb?: number): Promise<WorkerRun> {
  const name = `workers-${workers}${memoryLimitMb ? `-${memoryLimitMb}mb` : ''}`
  const dataDir = path.join(folder, `${name}-data`)
  const log = path.join(folder, `${name}.log`)
  const env: Record<string, string> = { WEB_CONCURRENCY: String(workers), ...(memoryLimitMb ? { MEMORY_LIMIT_MB: String(memoryLimitMb) } : {}) }
  const first = await startSite(buildDir, dataDir, log, env)
  const rssFirstStart = (await settledMemory(first)).total
  await first.stop()
  const site = await startSite(buildDir, dataDir, log, env)
  const restart = await settledMemory(site)
  const pages: WorkerRun['pages'] = []
  for (const page of PAGES) {
    await warmUp(`${site.url}${page}`)
    const figures = await measureThroughput(`${site.url}${page}`, CONNECTIONS, seconds)
    pages.push({ path: page, requestsPerSecond: figures.requestsPerSecond, p99: Math.round(figures.p99) })
  }
  const rssAfterLoadPerProcess = processTree(site.pid!).map(residentMb)
  await site.stop()
  const rssAfterLoad = rssAfterLoadPerProcess.reduce((sum, mb) => sum + mb, 0)
  return { workers, memoryLimitMb, rssFirstStart, rssRestart: restart.total, rssAfterLoad, rssPerProcess: restart.perProcess, rssAfterLoadPerProcess, pages }
}

export async function measureWorkers(buildDir: string, folder: string, seconds: number): Promise<WorkerResults> {
  const cores = os.availableParallelism()
  const runs: WorkerRun[] = []
  for (const workers of [...new Set([1, cores])]) runs.push(await measureRun(buildDir, folder, seconds, workers))
  runs.push(await measureRun(buildDir, folder, seconds, 1, SMALL_CONTAINER_MB))
  return { cores, seconds, runs }
}

export function workersReport(results: WorkerResults): string {
  const single = results.runs[0]!
  const ratio = (run: WorkerRun, page: number) => (run.pages[page]!.requestsPerSecond / Math.max(1, single.pages[page]!.requestsPerSecond)).toFixed(2)
  return [
    `## Worker processes (WEB_CONCURRENCY) on ${results.cores} cores`,
    '',
    `${CONNECTIONS} connections, ${results.seconds} s per page, SQLite. Resident memory (RSS from /proc) in MB summed over the server's processes, and per process (primary first). Target for one process (\`WEB_CONCURRENCY=1\`): at most ${TARGET_MB.afterStart} MB after a start, a new site's first start included, and ${TARGET_MB.afterLoad} MB at the end of the load; with workers, each worker is held to the same and the primary adds its own. The last row is one process given \`MEMORY_LIMIT_MB=${SMALL_CONTAINER_MB}\` (a small container), which caps its heap.`,
    '',
    `| Workers | ${PAGES.map((page) => `${page} req/s (× 1 process)`).join(' | ')} | ${PAGES.map((page) => `${page} p99 ms`).join(' | ')} | MB after first start | MB after restart | per process | MB after load | per process |`,
    `|---:|${PAGES.map(() => '---:').join('|')}|${PAGES.map(() => '---:').join('|')}|---:|---:|---|---:|---|`,
    ...results.runs.map(
      (run) =>
        `| ${run.workers}${run.memoryLimitMb ? `, MEMORY_LIMIT_MB=${run.memoryLimitMb}` : ''} | ${run.pages.map((page, n) => `${page.requestsPerSecond} (× ${ratio(run, n)})`).join(' | ')} | ${run.pages.map((page) => page.p99).join(' | ')} | ${run.rssFirstStart} | ${run.rssRestart} | ${run.rssPerProcess.join(' + ')} | ${run.rssAfterLoad} | ${run.rssAfterLoadPerProcess.join(' + ')} |`,
    ),
    '',
  ].join('\n')
}

await runAlone(import.meta.url, 'workers', async (buildDir, folder) => {
  console.log(workersReport(await measureWorkers(buildDir, folder, Number(process.env.BENCH_DURATION ?? 10))))
})
