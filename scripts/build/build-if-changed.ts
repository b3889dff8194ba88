// `npm start`'s first step: builds only when there is no build yet or a
// source changed since the last one, with the bundler's output shown only if
// the build fails. `--always` (npm run build) builds anyway, and shows it all.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { buildIsCurrent, stampBuild } from './build-freshness.ts'
import { runQuietly } from './run-quietly.ts'

const root = process.cwd()
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build')
const always = process.argv.includes('--always')
const reactRouter = path.join(root, 'node_modules', '.bin', 'react-router')

if (!always && buildIsCurrent(root, buildDir)) {
  console.log('The build is up to date with the sources: starting it.')
} else {
  const startedAt = Date.now()
  let status: number
  if (always) {
    status = spawnSync(reactRouter, ['build'], { stdio: 'inherit' }).status ?? 1
  } else {
    console.log('Building the site from its sources (a minute at most)…')
    status = await runQuietly(reactRouter, ['build'])
    if (status === 0) console.log(`Built in ${((Date.now() - startedAt) / 1000).toFixed(0)} s.`)
  }
  if (status !== 0) {
    console.error('The build failed: its output is above.')
    process.exit(status)
  }
  stampBuild(buildDir, startedAt)
}
