// npm run bench: throughput of the public pages beside nginx serving the same pages as files, page weight and
// Lighthouse mobile scores, in one run on this machine. The report goes to stdout and docs/benchmarks.md, the raw
// figures to .tmp/bench/results.json; progress goes to stderr.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { closeChromium, LIGHTHOUSE_PAGES, lighthouseScores, type LighthouseFailure, type LighthouseResult } from './lighthouse-scores.ts'
import { measurePageWeight, type PageWeight } from './page-weight.ts'
import { ensureBuild, startSite, stopAll } from './processes.ts'
import { markdownReport, type BenchResults, type ThroughputRow } from './report.ts'
import { measureOutboxSend, outboxReport } from './outbox-send.ts'
import { adminListsReport, measureAdminLists } from './admin-lists.ts'
import { measureWorkers, workersReport } from './workers.ts'
import { largeDataReport, measureLargeData } from './large-data.ts'
import { measurePageCache, pageCacheReport } from './page-cache.ts'
import { measureStartUp, startUpReport } from './start-up.ts'
import { NGINX_INSTALL, NGINX_WORKERS, nginxVersion, serveSavedPages } from './static-baseline.ts'
import { targetsReport } from './targets.ts'
import { measureThroughput, WARM_UP_SECONDS, warmUp } from './throughput.ts'

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10)
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
const CONNECTIONS = [10, 100]
const POST = '/blogs/{slug}'
const LOADED_PAGES = ['/', '/blogs', POST, '/gallery']
const WEIGHED_PAGES = ['/', '/blogs', POST, '/gallery', '/calendar', '/policies']
// The variables that change what a run does, repeated in the report's command line.
const SETTINGS = ['BENCH_DURATION', 'BENCH_SKIP_LIGHTHOUSE', 'BUILD_DIR', 'CHROMIUM_PATH']

if (!(DURATION_SECONDS > 0)) throw new Error(`BENCH_DURATION must be a number of seconds, not '${process.env.BENCH_DURATION}'`)

// The app's data folder stays private; nginx's is made readable for its workers.
const siteFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'school-bench-site-'))
const nginxFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'school-bench-nginx-'))

async function cleanUp() {
  closeChromium()
  await stopAll()
  for (const folder of [siteFolder, nginxFolder]) fs.rmSync(folder, { recursive: true, force: true })
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(128 + os.constants.signals[signal])))
}

function commandLine() {
  const settings = SETTINGS.filter((name) => process.env[name] !== undefined).map((name) => `${name}=${process.env[name]}`)
  return [...settings, process.env.npm_lifecycle_event === 'bench' ? 'npm run bench' : 'node scripts/bench/run.ts'].join(' ')
}

/** The first post listed on /blogs, as the demo content has it. */
async function firstPostPath(siteUrl: string) {
  const html = await (await fetch(`${siteUrl}/blogs`)).text()
  const post = /href="(\/blogs\/[a-z0-9-]+)"/.exec(html)?.[1]
  if (!post) throw new Error('/blogs lists no post')
  return post
}

try {
  const startedAt = new Date()
  ensureBuild(BUILD_DIR)
  const site = await startSite(BUILD_DIR, path.join(siteFolder, 'data'), path.join(siteFolder, 'site.log'))
  const post = await firstPostPath(site.url)
  const address = (page: string) => (page === POST ? post : page)

  const version = nginxVersion()
  if (!version) console.error(`nginx is not installed: the static baseline is left out. To install it: ${NGINX_INSTALL}`)
  const nginx = version ? await serveSavedPages(site.url, LOADED_PAGES.map(address), nginxFolder) : null

  const throughput: ThroughputRow[] = []
  for (const page of LOADED_PAGES) {
    const targets = [site, nginx].flatMap((server) => (server ? [`${server.url}${address(page)}`] : []))
    for (const target of targets) await warmUp(target)
    // App and nginx in turn for each setting, so that a busy moment on the machine does not fall on one side only.
    for (const connections of CONNECTIONS) {
      const app = await measureThroughput(`${site.url}${address(page)}`, connections, DURATION_SECONDS)
      const baseline = nginx ? await measureThroughput(`${nginx.url}${address(page)}`, connections, DURATION_SECONDS) : null
      throughput.push({ page, connections, app, nginx: baseline })
      console.error(`${page} × ${connections}: app ${app.requestsPerSecond} req/s, nginx ${baseline?.requestsPerSecond ?? '–'} req/s`)
    }
  }

  const pageWeight: Record<string, PageWeight> = {}
  for (const page of WEIGHED_PAGES) pageWeight[page] = await measurePageWeight(site.url, address(page))

  let lighthouse: Record<string, LighthouseResult | LighthouseFailure> | null = null
  if (!process.env.BENCH_SKIP_LIGHTHOUSE) {
    lighthouse = {}
    for (const page of LIGHTHOUSE_PAGES) {
      console.error(`Lighthouse ${page}…`)
      lighthouse[page] = await lighthouseScores(`${site.url}${page}`)
    }
  }

  // The site under load is stopped first: the send runs on a server of its own.
  await site.stop()
  console.error('Outbox: one post to 5,000 subscribers…')
  const outbox = await measureOutboxSend(BUILD_DIR, siteFolder)
  console.error('Admin lists: 1,000 contact messages…')
  const adminLists = await measureAdminLists(BUILD_DIR, siteFolder)
  console.error('Workers: one process, then one per core…')
  const workers = await measureWorkers(BUILD_DIR, siteFolder, DURATION_SECONDS)
  const largeData = await measureLargeData(BUILD_DIR, siteFolder)
  console.error('Page cache: pages with and without it…')
  const pageCache = await measurePageCache({ buildDir: BUILD_DIR, folder: siteFolder, connections: CONNECTIONS, seconds: DURATION_SECONDS })
  console.error('Start-up: a new site, then restarts…')
  const startUp = await measureStartUp(BUILD_DIR, siteFolder)

  const cpus = os.cpus()
  const results: BenchResults = {
    date: `${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    machine: { cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU', cpus: cpus.length, node: process.version },
    command: commandLine(),
    durationSeconds: DURATION_SECONDS,
    warmUpSeconds: WARM_UP_SECONDS,
    nginx: version ? { version, workers: NGINX_WORKERS } : null,
    throughput,
    pageWeight,
    lighthouse,
  }
  const goals = targetsReport({ pageCache, pageWeight, lighthouse, workers, largeData, startUp })
  const report = `${markdownReport(results, goals)}\n${pageCacheReport(pageCache)}\n${outboxReport(outbox)}\n${adminListsReport(adminLists)}\n${workersReport(workers)}\n${largeDataReport(largeData)}\n${startUpReport(startUp)}`
  console.log(report)
  fs.writeFileSync('docs/benchmarks.md', report)
  fs.mkdirSync('.tmp/bench', { recursive: true })
  fs.writeFileSync('.tmp/bench/results.json', `${JSON.stringify({ ...results, pageCache, outbox, adminLists, workers, largeData, startUp }, null, 2)}\n`)
  console.error(`Done in ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s.`)
} finally {
  await cleanUp()
}
