// `npm test`: lint, typecheck, build, Vitest (unit, integration on SQLite and
// PostgreSQL, server processes), then Playwright in Debian's Chromium. Every
// step runs even when an earlier one fails, and the last line sums them up.
//
// The steps overlap (docs/decisions/031-test-suite-time.md): lint, typecheck
// and build run together; Playwright starts as soon as the build is there and
// runs beside Vitest, which starts once lint and typecheck are done. With
// TEST_OVERLAP=false they run one after another. Each line a step prints
// carries its name, and each step reports its own time.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'

const reports = path.resolve('.tmp/test-reports')
fs.rmSync(reports, { recursive: true, force: true })
fs.mkdirSync(reports, { recursive: true })

const bin = (name) => path.resolve('node_modules/.bin', name)
const results = { passed: 0, failed: 0, skipped: 0 }
const failedSteps = []
const suiteStarted = Date.now()
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`

/** Runs one step with its output prefixed by its name; resolves to whether it exited 0. */
function run(name, command, args, env = {}) {
  console.log(`\n▶ ${name} (at ${seconds(suiteStarted)})`)
  const started = Date.now()
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
  const tag = `[${name}]`
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => console.log(`${tag} ${line}`))
  }
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      const ok = status === 0
      console.log(`  ${name}: ${ok ? 'ok' : `failed (${signal ? `signal ${signal}` : `exit ${status}`})`} in ${seconds(started)}`)
      if (!ok) failedSteps.push(name)
      resolve(ok)
    })
    child.on('error', (error) => {
      console.log(`  ${name}: could not start (${error.message})`)
      failedSteps.push(name)
      resolve(false)
    })
  })
}

/** A check that is not a test runner counts as one test. */
async function check(name, command, args) {
  if (await run(name, command, args)) results.passed += 1
  else results.failed += 1
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

async function vitestStep() {
  const vitestFile = path.join(reports, 'vitest.json')
  const vitestExitedOk = await run('vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestFile}`])
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
}

// On 2 cores the overlap with one Playwright worker ran the suite in 16 minutes
// with nothing flaky (decision 031, 'Later'); a second Playwright worker (each with its
// own sites, tests/e2e/sites.ts) overloaded the machine and stays opt-in:
// E2E_WORKERS=2. TEST_OVERLAP=false runs the steps one after another.
const overlap = process.env.TEST_OVERLAP !== 'false'
const e2eWorkers = process.env.E2E_WORKERS ?? '1'

async function playwrightStep() {
  const playwrightFile = path.join(reports, 'playwright.json')
  await run('playwright', bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightFile, E2E_WORKERS: e2eWorkers })
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

// Type-aware lint rules and the typecheck read the generated route types: on a
// clean checkout they do not exist until typegen has run, so it runs first, alone.
console.log('▶ typegen')
const typegen = spawnSync(bin('react-router'), ['typegen'], { stdio: 'inherit' })
if (typegen.status !== 0) console.log('  typegen failed: lint and typecheck will say why')

async function build() {
  const ok = await run('build', bin('react-router'), ['build'])
  results[ok ? 'passed' : 'failed'] += 1
  return ok
}

if (!overlap) {
  await check('lint', bin('eslint'), ['.'])
  await check('typecheck', bin('tsc'), [])
  const built = await build()
  await vitestStep()
  if (built) await playwrightStep()
} else {
  const checks = Promise.all([check('lint', bin('eslint'), ['.']), check('typecheck', bin('tsc'), [])])
  const built = build()
  const playwright = built.then((ok) => (ok ? playwrightStep() : undefined))
  // Vitest's server-process tests need the build; the rest would only slow lint and typecheck down.
  const vitest = Promise.all([checks, built]).then(() => vitestStep())
  await Promise.all([checks, playwright, vitest])
}

console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(', ')}` : '\nAll steps passed.')
console.log(`npm test took ${seconds(suiteStarted)}`)
console.log(`${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`)
process.exit(failedSteps.length || results.failed ? 1 : 0)
