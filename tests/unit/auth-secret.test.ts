import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, test, vi } from 'vitest'
import { resolveAuthSecret } from '#app/lib/auth-secret.server.ts'

const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'auth-secret-'))
afterEach(() => vi.restoreAllMocks())

test('made once in the data folder, private, and the same on every later start', () => {
  const dataDir = path.join(folder(), 'data')
  const first = resolveAuthSecret(undefined, dataDir)
  expect(Buffer.from(first, 'base64url')).toHaveLength(32)
  expect(resolveAuthSecret(undefined, dataDir)).toBe(first)
  expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o077).toBe(0)
  expect(fs.readdirSync(dataDir)).toEqual(['auth-secret'])
})

test('another worker process that makes the secret first wins: this one takes its secret, and fails not', () => {
  const dataDir = folder()
  const file = path.join(dataDir, 'auth-secret')
  const theirs = 'secret-the-other-worker-process-made-0123456789'
  // Worker processes of a new site load the app at the same moment: between this one finding no file
  // and writing its own, another writes one.
  const read = fs.readFileSync
  vi.spyOn(fs, 'readFileSync').mockImplementationOnce(() => {
    fs.writeFileSync(file, theirs, { mode: 0o600 })
    throw Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' })
  }).mockImplementation(read)
  expect(resolveAuthSecret(undefined, dataDir)).toBe(theirs)
  expect(fs.readFileSync(file, 'utf8')).toBe(theirs)
  expect(fs.readdirSync(dataDir)).toEqual(['auth-secret'])
})

test('a configured secret wins and writes nothing', () => {
  const dataDir = folder()
  expect(resolveAuthSecret('configured-secret', dataDir)).toBe('configured-secret')
  expect(fs.readdirSync(dataDir)).toEqual([])
})
