import { CATEGORIES, type LighthouseFailure, type LighthouseResult } from './lighthouse-scores.ts'
import { type PageWeight } from './page-weight.ts'
import { NGINX_INSTALL } from './static-baseline.ts'
import { type ThroughputFigures } from './throughput.ts'

export interface ThroughputRow {
  page: string
  connections: number
  app: ThroughputFigures
  nginx: ThroughputFigures | null
}

/** Everything one run measured; written as it is to results.json. */
export interface BenchResults {
  date: string
  machine: { cpuModel: string; cpus: number; node: string }
  command: string
  durationSeconds: number
  warmUpSeconds: number
  nginx: { version: string; workers: number } | null
  throughput: ThroughputRow[]
  pageWeight: Record<string, PageWeight>
  /** Null when BENCH_SKIP_LIGHTHOUSE is set. */
  lighthouse: Record<string, LighthouseResult | LighthouseFailure> | null
}

const ms = (value: number) => value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2)
// Two significant digits: 0.021 and 250 read better than 0.02 and 250.00.
const ratio = (app: number, nginx: number | undefined) => (nginx ? String(Number((app / nginx).toPrecision(2))) : '–')
const problems = (figures: ThroughputFigures | null) => (figures ? `${figures.non2xx} / ${figures.errors}` : '–')
const table = (header: string[], rows: (string | number)[][]) => [
  `| ${header.join(' | ')} |`,
  `|---|${header
    .slice(1)
    .map(() => '---:')
    .join('|')}|`,
  ...rows.map((row) => `| ${row.join(' | ')} |`),
]

function throughputSection(results: BenchResults) {
  const { nginx } = results
  return [
    '## Throughput: the app beside nginx serving the same pages saved as files',
    '',
    `autocannon, ${results.durationSeconds} s per run after a ${results.warmUpSeconds} s warm-up per page, on loopback; the load generator runs on the same machine. Both servers get \`accept-encoding: gzip\` and answer compressed. ` +
      `The app: production build, demo content, request log on. ` +
      (nginx
        ? `nginx ${nginx.version} (Debian package), \`worker_processes ${nginx.workers}\` (one process, like the app), gzip level 6 as the app, access log off. Latencies are of the 2xx answers; ratios are app ÷ nginx.`
        : `nginx is not installed (\`${NGINX_INSTALL}\`): no static baseline.`),
    '',
    ...table(
      ['page', 'connections', 'app req/s', 'nginx req/s', 'req/s ratio', 'app p50 ms', 'nginx p50 ms', 'p50 ratio', 'app p99 ms', 'nginx p99 ms', 'p99 ratio', 'app non-2xx / errors', 'nginx non-2xx / errors'],
      results.throughput.map(({ page, connections, app, nginx: baseline }) => [
        page,
        connections,
        app.requestsPerSecond,
        baseline?.requestsPerSecond ?? '–',
        ratio(app.requestsPerSecond, baseline?.requestsPerSecond),
        ms(app.p50),
        baseline ? ms(baseline.p50) : '–',
        ratio(app.p50, baseline?.p50),
        ms(app.p99),
        baseline ? ms(baseline.p99) : '–',
        ratio(app.p99, baseline?.p99),
        problems(app),
        problems(baseline),
      ]),
    ),
  ]
}

function pageWeightSection(results: BenchResults) {
  return [
    '## Page weight',
    '',
    'Bytes after gzip level 9 of the HTML and of every script (script src, modulepreload, the modules held until the first paint) and stylesheet the server-rendered page references, each counted once; and the bytes the server sends a browser that takes brotli (`accept-encoding: gzip, deflate, br, zstd`, as Chrome sends), what a phone downloads on a first visit.',
    '',
    ...table(
      ['page', 'JavaScript', 'CSS', 'HTML', 'scripts', 'stylesheets', 'JavaScript sent', 'CSS sent', 'HTML sent'],
      Object.entries(results.pageWeight).map(([page, weight]) => [page, weight.javascript, weight.css, weight.html, weight.scripts.length, weight.stylesheets.length, weight.sent.javascript, weight.sent.css, weight.sent.html]),
    ),
  ]
}

export function lighthouseSection(lighthouse: Record<string, LighthouseResult | LighthouseFailure> | null) {
  if (!lighthouse) return ['## Lighthouse', '', 'Skipped (BENCH_SKIP_LIGHTHOUSE).']
  const pages = Object.entries(lighthouse)
  const failing = pages.map(([page, result]) => {
    if ('error' in result) return `- ${page}: Lighthouse failed: ${result.error}`
    const audits = result.failing.map((audit) => `${audit.title}${audit.value ? ` (${audit.value})` : ''}, score ${audit.score.toFixed(2)}`)
    return `- ${page}: ${audits.join('; ') || 'none'}`
  })
  return [
    '## Lighthouse',
    '',
    "Lighthouse's default mobile run (simulated slow 4G, throttled CPU) in Debian's Chromium, headless. The simulated timings scale with how busy the machine was.",
    '',
    ...table(
      ['page', ...CATEGORIES, 'first paint s', 'largest paint s', 'blocking ms'],
      pages.map(([page, result]) => [
        page,
        ...CATEGORIES.map((category) => ('error' in result ? '–' : result.scores[category])),
        ...(['fcp', 'lcp', 'tbt'] as const).map((timing) => {
          const ms = 'error' in result ? null : result.timings[timing]
          if (ms === null) return '–'
          return timing === 'tbt' ? Math.round(ms) : (ms / 1000).toFixed(1)
        }),
      ]),
    ),
    '',
    'Failing audits (score below 0.9), the most weighted first:',
    '',
    ...failing,
  ]
}

/** `goals`: the goals section (targets.ts), first after the run's description. */
export function markdownReport(results: BenchResults, goals: string) {
  const { machine } = results
  return [
    '# Benchmarks',
    '',
    `Measured ${results.date} on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, with \`${results.command}\`. One run on a shared machine: compare the ratios rather than the absolute figures.`,
    '',
    goals,
    ...throughputSection(results),
    '',
    ...pageWeightSection(results),
    '',
    ...lighthouseSection(results.lighthouse),
    '',
  ].join('\n')
}
