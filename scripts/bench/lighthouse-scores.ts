// Lighthouse's mobile scores and timings of the public pages. Run on its own with `node scripts/bench/lighthouse-scores.ts`
// (a demo site of its own), and by `npm run bench`.
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { runAlone, startSite } from './processes.ts'
import { lighthouseSection } from './report.ts'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export const LIGHTHOUSE_PAGES = ['/', '/blogs', '/gallery', '/calendar']
const LISTED_FAILURES = 5
const ATTEMPTS = 3

export interface FailingAudit {
  id: string
  title: string
  score: number
  /** What Lighthouse shows beside the title, e.g. '3.1 s'. */
  value?: string
}

/** The simulated timings the performance score is made of, in ms: first and largest contentful paint, total blocking time. */
export const TIMINGS = { fcp: 'first-contentful-paint', lcp: 'largest-contentful-paint', tbt: 'total-blocking-time' } as const

export interface LighthouseResult {
  scores: Record<(typeof CATEGORIES)[number], number>
  timings: Record<keyof typeof TIMINGS, number | null>
  /** The failing audits (score below 0.9) that weigh most in the scores, then those that only advise. */
  failing: FailingAudit[]
}

export interface LighthouseFailure {
  error: string
}

/** Chromium started for the current page, so that Ctrl-C can close it. */
let chrome: chromeLauncher.LaunchedChrome | null = null

export function closeChromium() {
  chrome?.kill()
  chrome = null
}

function failingAudits(lhr: Result): FailingAudit[] {
  const weights = new Map<string, number>()
  for (const category of Object.values(lhr.categories)) for (const ref of category.auditRefs) weights.set(ref.id, Math.max(weights.get(ref.id) ?? 0, ref.weight))
  return [...weights.keys()]
    .map((id) => lhr.audits[id]!)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
    .sort((a, b) => weights.get(b.id)! - weights.get(a.id)! || a.score! - b.score!)
    .slice(0, LISTED_FAILURES)
    .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score!, value: audit.displayValue }))
}

/** Lighthouse's default run (mobile, simulated slow 4G and CPU throttling) in Debian's Chromium, a fresh browser per page. */
async function runLighthouse(url: string): Promise<LighthouseResult> {
  // chrome-launcher's own Ctrl-C handler would exit before the site and nginx are stopped.
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: 'error' })
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES] })
    if (!result) throw new Error('Lighthouse returned no result')
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message)
    const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]))
    const timings = Object.fromEntries(Object.entries(TIMINGS).map(([name, audit]) => [name, lhr.audits[audit]?.numericValue ?? null]))
    return { scores: scores as LighthouseResult['scores'], timings: timings as LighthouseResult['timings'], failing: failingAudits(lhr) }
  } finally {
    closeChromium()
  }
}

/**
 * Scores for one page. On a busy machine Lighthouse now and then fails to record the page load (NO_NAVSTART,
 * 'Please run Lighthouse again'): it is tried again, and a page that still fails is reported as such rather
 * than losing the rest of the run.
 */
export async function lighthouseScores(url: string): Promise<LighthouseResult | LighthouseFailure> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (attempt === ATTEMPTS) return { error: message }
      console.error(`Lighthouse on ${url} failed (${message}); trying again.`)
    }
  }
}

await runAlone(import.meta.url, 'lighthouse', async (buildDir, folder) => {
  const site = await startSite(buildDir, path.join(folder, 'data'), path.join(folder, 'site.log'))
  const results: Record<string, LighthouseResult | LighthouseFailure> = {}
  for (const page of LIGHTHOUSE_PAGES) results[page] = await lighthouseScores(`${site.url}${page}`)
  await site.stop()
  console.log(lighthouseSection(results).join('\n'))
})
