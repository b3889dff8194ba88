// The page cache's bench: each public page's throughput from the site with its page cache (the default),
// the same site with it off (PAGE_CACHE_MB=0), and nginx serving the same bytes as files.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runAlone, startSite, type Service } from './processes.ts'
import { serveSavedPages } from './static-baseline.ts'
import { measureThroughput, warmUp, type ThroughputFigures } from './throughput.ts'

const POST = '/blogs/{slug}'
const PAGE = '/{slug}'
export const PAGE_CACHE_PAGES = ['/', '/blogs', POST, '/gallery', '/calendar', PAGE]

export interface PageCacheRow {
  page: string
  connections: number
  cached: ThroughputFigures
  uncached: ThroughputFigures
  nginx: ThroughputFigures | null
}

/** The first post /blogs lists, and the first of the school's own pages the home page links to (the demo content has several). */
async function addresses(siteUrl: string): Promise<Record<string, string>> {
  const blogs = await (await fetch(`${siteUrl}/blogs`)).text()
  const post = /href="(\/blogs\/[a-z0-9-]+)"/.exec(blogs)?.[1]
  const home = await (await fetch(`${siteUrl}/`)).text()
  const page = /href="(\/(?:term-dates|admissions|open-days|uniform)[a-z0-9/-]*)"/.exec(home)?.[1] ?? '/admissions'
  if (!post) throw new Error('/blogs lists no post')
  return { [POST]: post, [PAGE]: page }
}

/**
 * Measures the pages on the site with its cache and then without (one site at a time, on one data folder, so the
 * two never share the CPU), each beside nginx serving the cached site's bytes, in turn per setting.
 */
export async function measurePageCache(options: { buildDir: string; folder: string; connections: number[]; seconds: number }): Promise<PageCacheRow[]> {
  const dataDir = path.join(options.folder, 'page-cache-data')
  const start = (extraEnv: Record<string, string>) => startSite(options.buildDir, dataDir, path.join(options.folder, 'page-cache-site.log'), extraEnv)
  const measureSite = async (site: Service, nginx: Service | null, urls: (page: string) => string) => {
    const rows: Array<{ page: string; connections: number; app: ThroughputFigures; nginx: ThroughputFigures | null }> = []
    for (const page of PAGE_CACHE_PAGES) {
      await warmUp(`${site.url}${urls(page)}`)
      if (nginx) await warmUp(`${nginx.url}${urls(page)}`)
      for (const connections of options.connections) {
        const app = await measureThroughput(`${site.url}${urls(page)}`, connections, options.seconds)
        const baseline = nginx ? await measureThroughput(`${nginx.url}${urls(page)}`, connections, options.seconds) : null
        rows.push({ page, connections, app, nginx: baseline })
        console.error(`page cache: ${page} × ${connections}: app ${app.requestsPerSecond} req/s, nginx ${baseline?.requestsPerSecond ?? '–'} req/s`)
      }
    }
    return rows
  }

  const cachedSite = await start({})
  const found = await addresses(cachedSite.url)
  const urls = (page: string) => found[page] ?? page
  // Beside the app's private folder, not in it: nginx's workers must read it.
  const nginxFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'school-bench-page-cache-nginx-'))
  const nginx = await serveSavedPages(cachedSite.url, PAGE_CACHE_PAGES.map(urls), nginxFolder).catch(() => null)
  const cached = await measureSite(cachedSite, nginx, urls)
  await cachedSite.stop()
  const uncachedSite = await start({ PAGE_CACHE_MB: '0' })
  const uncached = await measureSite(uncachedSite, null, urls)
  await uncachedSite.stop()
  await nginx?.stop()
  fs.rmSync(nginxFolder, { recursive: true, force: true })
  return cached.map((row, index) => ({ page: row.page, connections: row.connections, cached: row.app, uncached: uncached[index]!.app, nginx: row.nginx }))
}

const ratio = (value: number, of: number | undefined) => (of ? String(Number((value / of).toPrecision(2))) : '–')

export function pageCacheReport(rows: PageCacheRow[]): string {
  const lines = [
    '## Page cache: public pages with the cache, without it, and nginx',
    '',
    'The same site started twice on one data folder: with its page cache (the default) and with `PAGE_CACHE_MB=0`; nginx serves the cached site\'s pages saved as files. Requests per second; ratios are ÷ nginx.',
    '',
    '| page | connections | cached req/s | uncached req/s | nginx req/s | cached ÷ nginx | uncached ÷ nginx | cached p99 ms | nginx p99 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(({ page, connections, cached, uncached, nginx }) =>
      `| ${page} | ${connections} | ${cached.requestsPerSecond} | ${uncached.requestsPerSecond} | ${nginx?.requestsPerSecond ?? '–'} | ${ratio(cached.requestsPerSecond, nginx?.requestsPerSecond)} | ${ratio(uncached.requestsPerSecond, nginx?.requestsPerSecond)} | ${cached.p99.toFixed(1)} | ${nginx ? nginx.p99.toFixed(1) : '–'} |`,
    ),
  ]
  return `${lines.join('\n')}\n`
}

await runAlone(import.meta.url, 'page-cache', async (buildDir, folder) => {
  console.log(pageCacheReport(await measurePageCache({ buildDir, folder, connections: [10, 100], seconds: Number(process.env.BENCH_DURATION ?? 10) })))
})
