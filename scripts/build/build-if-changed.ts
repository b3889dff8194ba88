// `npm start`'s first step: builds only when there is no build yet or a
// source changed since the last one. `--always` (npm run build) builds anyway.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { buildIsCurrent, stampBuild } from './build-freshness.ts'

const root = process.cwd()
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build')

if (!process.argv.includes('--always') && buildIsCurrent(root, buildDir)) {
  console.log('The build is up to date with the sources: starting it.')
} else {
  const startedAt = Date.now()
  const { status } = spawnSync(path.join(root, 'node_modules', '.bin', 'react-router'), ['build'], { stdio: 'inherit' })
  if (status !== 0) process.exit(status ?? 1)
  stampBuild(buildDir, startedAt)
}
