// Whether the production build still matches the sources, so `npm start`
// can skip the build (several seconds) when nothing changed since the last one.
import fs from 'node:fs'
import path from 'node:path'

/** What the build is made from: a change to any of these calls for a new build. */
export const BUILD_INPUTS = ['app', 'server', 'public', 'db', 'server.js', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts', 'scripts/build/precompress-assets.ts', 'tsconfig.json']

/** Written into the build folder once a build has finished. */
export const BUILD_STAMP = '.built-from-sources'

function newestChange(target: string): number {
  let stat: fs.Stats
  try {
    stat = fs.statSync(target)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)))
  return newest
}

/** The newest modification time among the build's inputs under `root`. */
export function newestSourceChange(root: string): number {
  return Math.max(...BUILD_INPUTS.map((input) => newestChange(path.join(root, input))))
}

/**
 * True when `buildDir` holds a finished build whose stamp is newer than every
 * input. A build started before a source changed is not current: the stamp
 * records when the build began, not when it ended.
 */
export function buildIsCurrent(root: string, buildDir: string): boolean {
  const stampFile = path.join(buildDir, BUILD_STAMP)
  if (!fs.existsSync(path.join(buildDir, 'server', 'index.js')) || !fs.existsSync(stampFile)) return false
  const builtFrom = Number(fs.readFileSync(stampFile, 'utf8'))
  return Number.isFinite(builtFrom) && builtFrom >= newestSourceChange(root)
}

/** Records that the build in `buildDir` was made from the sources as they were at `startedAt`. */
export function stampBuild(buildDir: string, startedAt: number): void {
  fs.writeFileSync(path.join(buildDir, BUILD_STAMP), String(startedAt))
}
