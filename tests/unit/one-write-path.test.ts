import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const DOMAIN = path.resolve('app/domain')

function domainModules(): string[] {
  return fs
    .readdirSync(DOMAIN, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'))
    .map((file) => path.join(DOMAIN, file))
}

/**
 * Side effects of a write (change events, removing files, a transaction of
 * its own) belong to `writeTransaction`, which runs them only after commit.
 * A domain module doing one of these by hand could announce a row that was
 * rolled back, or delete a file a row still points at.
 */
const BY_HAND = [
  { what: 'publishes change events itself', pattern: /\bpublishChanges\b|changeFeed\.publish/ },
  { what: 'removes stored files itself', pattern: /\bremoveStoredFiles\b|\bstorage\.delete\b/ },
  { what: 'opens a transaction of its own', pattern: /\.transaction\(\)/ },
]

test('no domain module publishes changes, removes files or opens a transaction by hand', () => {
  const modules = domainModules()
  expect(modules.length).toBeGreaterThan(20)
  const offences: string[] = []
  for (const file of modules) {
    const source = fs.readFileSync(file, 'utf8')
    for (const { what, pattern } of BY_HAND) if (pattern.test(source)) offences.push(`${path.relative(process.cwd(), file)} ${what}`)
  }
  expect(offences).toEqual([])
})
