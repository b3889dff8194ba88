import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const LISTED_FAILURES = 5
const ATTEMPTS = 3

export interface FailingAudit {
  id: string
  title: string
  score: number
  /** What Lighthouse shows beside the title, e.g. '3.1 s'. */
  value?: string
}

export interface LighthouseResult {
  scores: Record<(typeof CATEGORIES)[number], number>
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
    return { scores: scores as LighthouseResult['scores'], failing: failingAudits(lhr) }
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
