import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync'
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

export interface LighthouseResult {
  scores: Record<(typeof CATEGORIES)[number], number>
  /** The audits that cost the most, for the report. */
  failing: string[]
}

interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  audits: Record<string, { title: string; score: number | null }>
}

/** Lighthouse's mobile run (its default: simulated slow 4G and a mid-range phone) in Debian's Chromium. */
export async function lighthouseScores(url: string): Promise<LighthouseResult> {
  const cli = path.resolve('node_modules/lighthouse/cli/index.js')
  const { stdout } = await run(
    process.execPath,
    [cli, url, '--output=json', '--output-path=stdout', '--quiet', `--only-categories=${CATEGORIES.join(',')}`, `--chrome-flags=${CHROME_FLAGS}`],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
  )
  const report = JSON.parse(stdout) as LighthouseReport
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((report.categories[category]?.score ?? 0) * 100)])) as LighthouseResult['scores']
  const failing = Object.values(report.categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0))
    .map((ref) => report.audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < 0.9)
    .map((audit) => audit.title)
  return { scores, failing: [...new Set(failing)] }
}
