// Whether the cost of a page stays flat as the school's content grows for years: each public page, feed and the
// first page of each admin list, at 10 connections, on the demo content and then on the large data set
// (large-data-set.ts), back to back on the same build. Passes when the large set's p99 is at most twice the demo's.
// Beside it, reported: what one render of the public pages (and the far pages a crawler walks) costs with the page
// cache off, since every write empties the cache and the next visitor of each page waits for a render.
// Run on its own with `node scripts/bench/large-data.ts` (BENCH_LARGE_SECONDS per page, 3 by default), and by
// `npm run bench`.
import path from 'node:path'
import { connectDatabase } from '#db/connect.ts'
import { ADMIN, signIn } from './admin-lists.ts'
import { LARGE_DATA, generateLargeData } from './large-data-set.ts'
import { runAlone, startSite, type Service } from './processes.ts'
import { measureThroughput, warmUp } from './throughput.ts'

const CONNECTIONS = 10
const SECONDS = Number(process.env.BENCH_LARGE_SECONDS ?? 3)
export const MAX_RATIO = 2

const POST = '/blogs/{slug}'
const ALBUM = '/gallery/{album}'
const SITEMAP_FILE = '{first sitemap}'
const PUBLIC_PAGES = ['/', '/blogs', POST, '/gallery', ALBUM, '/calendar', '/calendar?view=month', '/policies', '/search?q=school+trip', '/search?q=p', '/sitemap.xml', SITEMAP_FILE, '/blogs/rss.xml', '/calendar.ics']
/** A page number past any list's end: the last page. */
const LAST = '?page=100000'
/** Rendered for each request (the page cache off), timed one at a time; the inbox searched for a parent's address. */
const RENDERED_PAGES = ['/', '/blogs', `/blogs${LAST}`, POST, '/gallery', `/gallery${LAST}`, ALBUM, `${ALBUM}${LAST}`, '/calendar', '/calendar?view=month', '/policies', '/sitemaps/posts-1.xml', '/calendar.ics', '/admin/contact?q=parent4999']
const ADMIN_LISTS = ['/admin', '/admin/blogs', '/admin/pages', '/admin/events', '/admin/gallery', '/admin/media', '/admin/policies', '/admin/testimonials', '/admin/contact', '/admin/users', '/admin/subscribers', '/admin/deliveries', '/admin/alerts', '/admin/staff']

export interface LargeDataRow {
  page: string
  demo: number
  large: number
}

export interface LargeDataResults {
  seconds: number
  /** How long filling the large data set took, in ms, per part. */
  generation: Record<string, number>
  /** p99 at 10 connections, the page cache on: the goal. */
  rows: LargeDataRow[]
  /** Median of a render at one connection, the page cache off: reported. */
  renders: LargeDataRow[]
}

/** The addresses the placeholders stand for on this site: the first post and album listed, the first sitemap of the index. */
async function addresses(siteUrl: string): Promise<Record<string, string>> {
  const [blogs, gallery, sitemap] = await Promise.all(['/blogs', '/gallery', '/sitemap.xml'].map(async (page) => (await fetch(`${siteUrl}${page}`)).text()))
  const post = /href="(\/blogs\/[a-z0-9-]+)"/.exec(blogs!)?.[1]
  const album = /href="(\/gallery\/[a-z0-9-]+)"/.exec(gallery!)?.[1]
  const file = /<sitemap><loc>[^<]*?(\/sitemaps\/[^<]+)<\/loc>/.exec(sitemap!)?.[1]
  if (!post || !album) throw new Error('/blogs lists no post or /gallery no album')
  return { [POST]: post, [ALBUM]: album, [SITEMAP_FILE]: file ?? '/sitemap.xml' }
}

/** The address of `page` on this site: a placeholder it begins with replaced by what it stands for. */
function addressOf(page: string, named: Record<string, string>) {
  const placeholder = Object.keys(named).find((key) => page.startsWith(key))
  return placeholder ? `${named[placeholder]}${page.slice(placeholder.length)}` : page
}

/** The percentile `figure` in ms of each page on this site at `connections`, each after a warm-up. */
async function measureSite(site: Service, pages: readonly string[], { connections, figure }: { connections: number; figure: 'p50' | 'p99' }): Promise<Map<string, number>> {
  const cookie = await signIn(site.url)
  const named = await addresses(site.url)
  const figures = new Map<string, number>()
  for (const page of pages) {
    const url = `${site.url}${addressOf(page, named)}`
    const headers: Record<string, string> = page.startsWith('/admin') ? { cookie } : {}
    const check = await fetch(url, { headers })
    if (check.status !== 200) throw new Error(`${page} answered ${check.status}`)
    await check.arrayBuffer()
    await warmUp(url, headers)
    const result = await measureThroughput(url, connections, SECONDS, headers)
    if (result.non2xx || result.errors) console.error(`${page}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
    // No answer within the run: slower than the run is long, which no ratio describes.
    figures.set(page, result[figure] > 0 ? result[figure] : Infinity)
    console.error(`${page}: ${figure} ${result[figure].toFixed(1)} ms`)
  }
  return figures
}

/** Each page's p99 on the site as it runs, then each render's median on the same data with the page cache off. */
async function measureBoth(start: (env: Record<string, string>) => Promise<Service>) {
  const cached = await start({})
  const p99 = await measureSite(cached, [...PUBLIC_PAGES, ...ADMIN_LISTS], { connections: CONNECTIONS, figure: 'p99' })
  await cached.stop()
  const uncached = await start({ PAGE_CACHE_MB: '0' })
  const renders = await measureSite(uncached, RENDERED_PAGES, { connections: 1, figure: 'p50' })
  await uncached.stop()
  return { p99, renders }
}

const rowsOf = (demo: Map<string, number>, large: Map<string, number>): LargeDataRow[] => [...demo.keys()].map((page) => ({ page, demo: demo.get(page)!, large: large.get(page)! }))

export async function measureLargeData(buildDir: string, folder: string): Promise<LargeDataResults> {
  const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }
  console.error('Large data: the demo content…')
  const demo = await measureBoth((more) => startSite(buildDir, path.join(folder, 'large-data-demo'), path.join(folder, 'large-data-demo.log'), { ...env, ...more }))

  const dataDir = path.join(folder, 'large-data')
  const logFile = path.join(folder, 'large-data.log')
  // The first start migrates and seeds the demo content; the set is added beside it, then the site starts again, so
  // nothing it keeps in memory predates the data.
  await (await startSite(buildDir, dataDir, logFile, env)).stop()
  const handle = connectDatabase({ engine: 'sqlite', file: path.join(dataDir, 'school.sqlite') })
  let generation
  try {
    console.error('Large data: generating…')
    generation = await generateLargeData(handle.db)
    console.error(`Large data: generated in ${Object.values(generation).reduce((sum, ms) => sum + ms, 0)} ms`)
  } finally {
    await handle.destroy()
  }
  const large = await measureBoth((more) => startSite(buildDir, dataDir, logFile, { ...env, ...more }))
  return { seconds: SECONDS, generation, rows: rowsOf(demo.p99, large.p99), renders: rowsOf(demo.renders, large.renders) }
}

export function largeDataReport(results: LargeDataResults): string {
  const total = Object.values(results.generation).reduce((sum, ms) => sum + ms, 0)
  // A page that did not answer within the run on either set has no ratio, and does not pass.
  const over = results.rows.filter((row) => !(row.large / row.demo <= MAX_RATIO)).map((row) => row.page)
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : `> ${results.seconds * 1000}`)
  const ratioOf = (row: LargeDataRow) => (Number.isFinite(row.large / row.demo) ? (row.large / row.demo).toFixed(2) : '–')
  return [
    `## Growth: demo content against years of content`,
    '',
    `${LARGE_DATA.posts.toLocaleString('en')} posts, ${LARGE_DATA.events.toLocaleString('en')} events, ${LARGE_DATA.photos.toLocaleString('en')} photos in ${LARGE_DATA.albums} albums, ${LARGE_DATA.messages.toLocaleString('en')} contact messages and ${LARGE_DATA.users.toLocaleString('en')} users beside the demo content, SQLite; generated in ${(total / 1000).toFixed(1)} s (${Object.entries(results.generation)
      .map(([part, took]) => `${part} ${took} ms`)
      .join(', ')}).`,
    `p99 at ${CONNECTIONS} connections, ${results.seconds} s per page after a warm-up; admin lists signed in as an admin; passes at most ${MAX_RATIO}× the demo's p99.`,
    '',
    '| Page | demo p99 ms | large p99 ms | ratio | ≤ 2× |',
    '|---|---:|---:|---:|---|',
    ...results.rows.map((row) => `| ${row.page} | ${ms(row.demo)} | ${ms(row.large)} | ${ratioOf(row)} | ${row.large / row.demo <= MAX_RATIO ? 'pass' : 'FAIL'} |`),
    '',
    over.length ? `Over ${MAX_RATIO}×: ${over.join(', ')}.` : `Every page within ${MAX_RATIO}× of the demo's p99.`,
    '',
    '### A render, with the page cache off',
    '',
    `Reported beside the goal: every write empties the page cache, and the next visitor of each page waits for a render. The same sites started with \`PAGE_CACHE_MB=0\`; the median of one request at a time over ${results.seconds} s per page after a warm-up. \`?page=100000\` is a list's last page (the first on a list that short); the inbox is searched for a parent's address (found about ten times in the large set, never in the demo).`,
    '',
    '| Page | demo ms | large ms | ratio |',
    '|---|---:|---:|---:|',
    ...results.renders.map((row) => `| ${row.page} | ${ms(row.demo)} | ${ms(row.large)} | ${ratioOf(row)} |`),
    '',
  ].join('\n')
}

await runAlone(import.meta.url, 'large-data', async (buildDir, folder) => {
  console.log(largeDataReport(await measureLargeData(buildDir, folder)))
})
