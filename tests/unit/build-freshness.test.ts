import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { buildIsCurrent, stampBuild } from '../../scripts/build/build-freshness.ts'

let root: string
let buildDir: string

/** Saves a file as if at `modifiedAt`: the file and the folders it was added to carry that time. */
function write(relative: string, text = 'x', modifiedAt = Date.now()) {
  const file = path.join(root, relative)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
  const time = new Date(modifiedAt)
  for (let target = file; target !== root; target = path.dirname(target)) fs.utimesSync(target, time, time)
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-freshness-'))
  buildDir = path.join(root, 'build')
  write('app/root.tsx', 'root', Date.now() - 60_000)
  write('package-lock.json', '{}', Date.now() - 60_000)
})

afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

test('no build, or a build without its stamp (interrupted, or made by hand), is not current', () => {
  expect(buildIsCurrent(root, buildDir)).toBe(false)
  write('build/server/index.js')
  expect(buildIsCurrent(root, buildDir)).toBe(false)
})

test('a finished build stays current until a source, a config file or the lock file changes after it began', () => {
  write('build/server/index.js')
  const startedAt = Date.now() - 30_000
  stampBuild(buildDir, startedAt)
  expect(buildIsCurrent(root, buildDir)).toBe(true)

  // Data, test output and the build itself are not sources.
  write('data/site.db', 'rows')
  write('.tmp/report.json')
  expect(buildIsCurrent(root, buildDir)).toBe(true)

  write('app/routes/site/home.tsx', 'edited', startedAt + 1)
  expect(buildIsCurrent(root, buildDir)).toBe(false)
  stampBuild(buildDir, Date.now())
  expect(buildIsCurrent(root, buildDir)).toBe(true)
  write('package-lock.json', '{"changed":true}', Date.now() + 1000)
  expect(buildIsCurrent(root, buildDir)).toBe(false)
})

test('a source saved while the build was running makes the next start build again', () => {
  write('build/server/index.js')
  const startedAt = Date.now() - 5_000
  write('server/app.ts', 'saved during the build', startedAt + 1_000)
  stampBuild(buildDir, startedAt)
  expect(buildIsCurrent(root, buildDir)).toBe(false)
})
