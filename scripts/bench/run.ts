// npm run bench: throughput of the public pages beside nginx serving the same pages as files, page weight, and
// Lighthouse mobile scores, in one run on this machine. Figures go to stdout, docs/benchmarks.md and .tmp/bench/results.json.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CATEGORIES, lighthouseScores, type LighthouseResult } from './lighthouse-scores.ts'
import { measurePageWeight, type PageWeight } from './page-weight.ts'
import { freePort, startService, type Service } from './processes.ts'
import { hasNginx, serveSavedPages } from './static-baseline.ts'
import { measureThroughput, warmUp, type ThroughputFigures } from './throughput.ts'

const SECONDS = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = [10, 100] as const
const WEIGHED_PAGES = ['/', '/blogs', '{post}', '/gallery', '/calendar', '/policies']
const LIGHTHOUSE_PAGES = ['/', '/blogs', '/gallery', '/calendar']
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'

interface ThroughputRow {
  page: string
  connections: number
  app: ThroughputFigures
  nginx: ThroughputFigures | null
}

const services: Service[] = []
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'school-bench-'))
async function cleanUp() {
  await Promise.all(services.map((service) => service.stop()))
  fs.rmSync(work, { recursive: true, force: true })
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)))

function ensureBuild() {
  if (fs.existsSync(path.join(BUILD_DIR, 'server/index.js'))) return
  console.error(`No build in ${BUILD_DIR}: building.`)
  const built = spawnSync(path.resolve('node_modules/.bin/react-router'), ['build'], { stdio: 'inherit' })
  if (built.status !== 0) throw new Error('The build failed')
}

async function startSite(): Promise<Service> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  // Production settings, demo content, request logging on as in a real deployment.
  const site = await startService(process.execPath, ['server.js'], `${url}/healthz`, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: path.join(work, 'data'),
    ADMIN_PASSWORD: 'bench-admin-password',
    BUILD_DIR,
  })
  services.push(site)
  return { ...site, url }
}

async function firstPostPath(siteUrl: string) {
  const html = await (await fetch(`${siteUrl}/blogs`)).text()
  const post = /href="(\/blogs\/[a-z0-9-]+)"/.exec(html)?.[1]
  if (!post) throw new Error('The demo site has no blog post')
  return post
}

const ratio = (app: number, nginx: number) => (nginx ? `${(app / nginx).toFixed(2)}` : '–')

function markdown(machine: string, throughput: ThroughputRow[], weights: Record<string, PageWeight>, lighthouse: Record<string, LighthouseResult> | null) {
  const lines = [
    '# Benchmarks',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine} with \`npm run bench\` (${SECONDS} s per run, after a 2 s warm-up; demo content; production build with request logging on; loopback). One run on a shared machine: read the ratios, not the absolute figures.`,
    '',
    '## Throughput: the app beside nginx serving the same pages as files',
    '',
    'Both answer with gzip (`accept-encoding: gzip`). nginx: 1.22 from Debian, `worker_processes auto`, access log off.',
    '',
    '| page | connections | app req/s | app p50 / p99 ms | nginx req/s | nginx p50 / p99 ms | app ÷ nginx req/s |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...throughput.map(
      (row) =>
        `| ${row.page} | ${row.connections} | ${row.app.requestsPerSecond} | ${row.app.p50} / ${row.app.p99} | ${row.nginx?.requestsPerSecond ?? '–'} | ${row.nginx ? `${row.nginx.p50} / ${row.nginx.p99}` : '–'} | ${ratio(row.app.requestsPerSecond, row.nginx?.requestsPerSecond ?? 0)} |`,
    ),
    '',
    `Non-2xx answers: app ${throughput.reduce((sum, row) => sum + row.app.non2xx, 0)}, nginx ${throughput.reduce((sum, row) => sum + (row.nginx?.non2xx ?? 0), 0)}; connection errors: app ${throughput.reduce((sum, row) => sum + row.app.errors, 0)}.`,
    '',
    '## Page weight (gzip, bytes)',
    '',
    '| page | JavaScript | CSS | HTML |',
    '|---|---:|---:|---:|',
    ...Object.entries(weights).map(([page, weight]) => `| ${page} | ${weight.javascript} | ${weight.css} | ${weight.html} |`),
  ]
  if (lighthouse) {
    lines.push(
      '',
      '## Lighthouse, mobile (simulated slow 4G, mid-range phone), Debian Chromium',
      '',
      `| page | ${CATEGORIES.join(' | ')} |`,
      `|---|${CATEGORIES.map(() => '---:').join('|')}|`,
      ...Object.entries(lighthouse).map(([page, result]) => `| ${page} | ${CATEGORIES.map((category) => result.scores[category]).join(' | ')} |`),
      '',
      ...Object.entries(lighthouse)
        .filter(([, result]) => result.failing.length)
        .map(([page, result]) => `- ${page}: below 90: ${result.failing.join('; ')}`),
    )
  }
  return `${lines.join('\n')}\n`
}

try {
  ensureBuild()
  const cpus = os.cpus()
  const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`
  const site = await startSite()
  const post = await firstPostPath(site.url)
  const pages = ['/', '/blogs', post, '/gallery']

  let nginx: Service | null = null
  if (hasNginx()) {
    nginx = await serveSavedPages(site.url, pages, work)
    services.push(nginx)
  } else {
    console.error('nginx is not installed (apt-get install -y nginx): the static baseline is left out.')
  }

  const throughput: ThroughputRow[] = []
  for (const page of pages) {
    await warmUp(`${site.url}${page}`)
    if (nginx) await warmUp(`${nginx.url.replace(/\/$/, '')}${page}`)
    for (const connections of CONNECTIONS) {
      const app = await measureThroughput(`${site.url}${page}`, connections, SECONDS)
      const baseline = nginx ? await measureThroughput(`${nginx.url.replace(/\/$/, '')}${page}`, connections, SECONDS) : null
      throughput.push({ page: page === post ? '/blogs/{slug}' : page, connections, app, nginx: baseline })
      console.error(`${page} × ${connections}: app ${app.requestsPerSecond} req/s, nginx ${baseline?.requestsPerSecond ?? '–'} req/s`)
    }
  }

  const weights: Record<string, PageWeight> = {}
  for (const page of WEIGHED_PAGES) weights[page === '{post}' ? '/blogs/{slug}' : page] = await measurePageWeight(site.url, page === '{post}' ? post : page)

  let lighthouse: Record<string, LighthouseResult> | null = null
  if (!process.env.BENCH_SKIP_LIGHTHOUSE) {
    lighthouse = {}
    for (const page of LIGHTHOUSE_PAGES) {
      console.error(`Lighthouse ${page}…`)
      lighthouse[page] = await lighthouseScores(`${site.url}${page}`)
    }
  }

  const report = markdown(machine, throughput, weights, lighthouse)
  console.log(report)
  fs.writeFileSync('docs/benchmarks.md', report)
  fs.mkdirSync('.tmp/bench', { recursive: true })
  fs.writeFileSync('.tmp/bench/results.json', JSON.stringify({ machine, seconds: SECONDS, throughput, weights, lighthouse }, null, 2))
} finally {
  await cleanUp()
}
