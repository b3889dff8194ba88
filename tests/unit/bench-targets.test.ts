import { expect, test } from 'vitest'
import { targetRows, targetsReport, type TargetInputs } from '../../scripts/bench/targets.ts'
import type { ThroughputFigures } from '../../scripts/bench/throughput.ts'

const figures = (requestsPerSecond: number, p50: number, p99: number): ThroughputFigures => ({ requestsPerSecond, p50, p99, requests: requestsPerSecond * 10, non2xx: 0, errors: 0, timeouts: 0 })
const weight = (javascript: number, files: number, framework: number) => {
  const scripts = ['/assets/framework-Ab1.js', ...Array.from({ length: files - 1 }, (_, n) => `/assets/part-${n}.js`)]
  const scriptBytes = Object.fromEntries(scripts.map((file, n) => [file, n === 0 ? framework : (javascript - framework) / (files - 1)]))
  return { javascript, css: 13_000, html: 9_000, scripts, stylesheets: ['/assets/app.css'], scriptBytes, sent: { javascript: Math.round(javascript * 0.87), css: 11_000, html: 8_000 } }
}
const lighthouse = (performance: number, fcp: number) => ({ scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 }, timings: { fcp, lcp: 1100, tbt: 20 }, failing: [] })
const run = (workers: number, rss: [number, number, number], rates: [number, number]) => ({
  workers,
  rssFirstStart: rss[0],
  rssRestart: rss[1],
  rssAfterLoad: rss[2],
  rssPerProcess: [rss[1]],
  rssAfterLoadPerProcess: [rss[2]],
  pages: [
    { path: '/', requestsPerSecond: rates[0], p99: 5 },
    { path: '/blogs', requestsPerSecond: rates[1], p99: 5 },
  ],
})

/** A run that meets every goal; each test spoils one part. */
function goodRun(): TargetInputs {
  return {
    pageCache: [
      { page: '/', connections: 10, cached: figures(10_000, 0.7, 3), uncached: figures(1_200, 8, 30), nginx: figures(1_300, 7, 10) },
      { page: '/blogs', connections: 100, cached: figures(9_000, 9, 25), uncached: figures(1_000, 90, 120), nginx: figures(2_700, 36, 45) },
    ],
    pageWeight: { '/': weight(95_000, 8, 60_000), '/blogs': weight(90_000, 7, 60_000) },
    lighthouse: { '/': lighthouse(100, 800), '/blogs': lighthouse(99, 760) },
    workers: { cores: 2, seconds: 10, runs: [run(1, [180, 165, 210], [11_000, 10_000]), run(2, [360, 350, 440], [13_000, 12_000]), { ...run(1, [178, 160, 200], [10_000, 10_000]), memoryLimitMb: 256 }] },
    largeData: { seconds: 3, generation: {}, rows: [{ page: '/', demo: 6, large: 7 }, { page: '/admin/blogs', demo: 120, large: 160 }], renders: [] },
    startUp: { firstPageMs: 21_000, restarts: [1100, 900, 2500, 1000, 950].map((healthzMs) => ({ healthzMs, homeMs: healthzMs + 200 })) },
  }
}

test('a run that meets every goal says so, and reports the workers without a verdict', () => {
  const rows = targetRows(goodRun())
  expect(rows.map((row) => row.met)).toEqual([true, true, true, true, true, null, true, true])
  expect(rows[5]!.measured).toBe('2 workers: / 1.18 ×, /blogs 1.20 × one process')
  const report = targetsReport(goodRun())
  expect(report).toContain('| Cached public pages at ≥ 0.5 × nginx, 10 and 100 connections | 3.33–7.69 × nginx | met |')
  expect(report).toContain('| performance 99–100, the others 100, first paint at most 0.8 s | met |')
  expect(report).toContain('| `npm start`: a restart answers /healthz within 2 s, a new site its first page within 45 s | restart 1.0 s (median of 5), first page 21.0 s | met |')
  expect(report).toContain('Every goal is met.')
  expect(report).not.toContain('NOT MET')
})

test('each goal missed is marked, with the figures that say why', () => {
  const inputs = goodRun()
  inputs.pageCache[0]!.uncached = figures(180, 55, 70)
  inputs.pageCache[1]!.cached = figures(1_000, 90, 120)
  inputs.pageWeight['/'] = weight(149_400, 8, 107_939)
  inputs.lighthouse = { '/': lighthouse(96, 800), '/blogs': { error: 'Chromium did not start' } }
  inputs.workers.runs[0]!.rssFirstStart = 365
  inputs.largeData.rows.push({ page: '/search?q=school+trip', demo: 110, large: 265 }, { page: '/admin/media', demo: 100, large: 250 }, { page: '/admin/blogs', demo: 110, large: 270 })
  inputs.startUp.restarts = inputs.startUp.restarts.map((run) => ({ ...run, healthzMs: run.healthzMs + 2000 }))
  const rows = targetRows(inputs)
  expect(rows.map((row) => row.met)).toEqual([false, false, false, false, false, null, false, false])
  expect(rows[7]!.measured).toBe('restart 3.0 s (median of 5), first page 21.0 s')
  const report = targetsReport(inputs)
  expect(report).toContain('| Uncached `/`: p50 ≤ 10 ms and p99 ≤ 40 ms at 10 connections | p50 55.0 ms, p99 70.0 ms (180 req/s) | NOT MET |')
  expect(report).toContain('one process renders `/` 180 times a second, about 5.56 ms of CPU a page')
  expect(report).toContain('Visitors who are not signed in get the cached page.\n')
  expect(report).toContain('React and React Router alone, the `framework` file every page needs to hydrate and navigate, are 107.9 KB gzip (decision 035); a browser that takes brotli is sent 78.3 KB–130.0 KB of JavaScript a page')
  expect(report).toContain('performance / 96; Lighthouse failed on /blogs')
  expect(report).toContain('| Years of content: each page and admin list within 2 × its demo p99 | 2 of 5 within | NOT MET |')
  expect(report).toContain('/search?q=school+trip 2.41 ×: ranking the 1,000 newest matches, a bound it stops growing at (decision 036); /admin/media 2.50 ×: not analysed; /admin/blogs 2.45 ×: its first page shows 25 posts where the demo has 3')
  expect(report).toContain('0.37 × nginx on the slowest page')
  expect(report).not.toContain('Every goal is met.')
})

test('what a run left out is reported as not measured, not as met', () => {
  const inputs = goodRun()
  inputs.lighthouse = null
  for (const row of inputs.pageCache) row.nginx = null
  const rows = targetRows(inputs)
  expect(rows[0]).toMatchObject({ measured: 'no nginx baseline', met: null })
  expect(rows[3]).toMatchObject({ measured: 'skipped', met: null })
})
