// `npm test`: lint, typecheck, build, Vitest (unit, integration on SQLite and
// PostgreSQL, server processes), then Playwright in Debian's Chromium. Every
// step runs even when an earlier one fails, and the last line sums them up.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const reports = path.resolve('.tmp/test-reports')
fs.rmSync(reports, { recursive: true, force: true })
fs.mkdirSync(reports, { recursive: true })

const bin = (name) => path.resolve('node_modules/.bin', name)
const results = { passed: 0, failed: 0, skipped: 0 }
const failedSteps = []

function run(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`)
  const started = Date.now()
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  console.log(`  ${name}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (status !== 0) failedSteps.push(name)
  return status === 0
}

/** A check that is not a test runner counts as one test. */
function check(name, command, args) {
  if (run(name, command, args)) results.passed += 1
  else results.failed += 1
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

// Type-aware lint rules read the generated route types: on a clean checkout
// they do not exist until typegen has run.
check('lint', 'sh', ['-c', `${bin('react-router')} typegen && ${bin('eslint')} .`])
check('typecheck', bin('tsc'), [])
const built = run('build', bin('react-router'), ['build'])
results[built ? 'passed' : 'failed'] += 1

const vitestFile = path.join(reports, 'vitest.json')
const vitestExitedOk = run('vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestFile}`])
const vitest = readJson(vitestFile)
if (vitest) {
  // A file that fails to load has no test results of its own.
  const failed = vitest.numFailedTests + vitest.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length
  results.passed += vitest.numPassedTests
  results.failed += failed
  results.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0)
  // Vitest can exit 0 while its report counts failures (an error after the run); the report wins.
  if (vitestExitedOk && failed > 0) {
    console.log(`  vitest: exit 0, but the report counts ${failed} failed`)
    failedSteps.push('vitest')
  }
} else {
  results.failed += 1
}

if (built) {
  const playwrightFile = path.join(reports, 'playwright.json')
  run('playwright', bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightFile })
  const playwright = readJson(playwrightFile)
  if (playwright?.stats) {
    results.passed += playwright.stats.expected + playwright.stats.flaky
    results.failed += playwright.stats.unexpected
    results.skipped += playwright.stats.skipped
    if (playwright.errors?.length) results.failed += playwright.errors.length
  } else {
    results.failed += 1
  }
}

console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(', ')}` : '\nAll steps passed.')
console.log(`${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`)
process.exit(failedSteps.length || results.failed ? 1 : 0)
